/**
 * An answer of Across' `/swap/approval` for a bridge-only (same asset, ERC20, EVM) route with an app fee, field for
 * field as across-protocol/frontend (bdcf46ce) builds it: `api/swap/approval/_service.ts` handleApprovalSwap,
 * `api/swap/_utils.ts` buildBaseSwapResponseJson / getAmounts / getApprovalTxns / getSwapTx,
 * `api/swap/approval/_utils.ts` (the SpokePool `deposit` with bytes32 addresses, then `0x1dc0de` + integrator id,
 * then the `0x73c0de` marker), `api/_dexes/utils.ts` extractDepositDataStruct (depositor = refund address with
 * `refundOnOrigin`), `api/_quote-timestamp.ts` (expiry = quote timestamp + 3600).
 *
 * Pure: the caller supplies the chain's view (allowance, balance, gas estimate), the relayers' price, the quote
 * timestamp, fill deadline and exclusivity, and USD prices (without them `fees` is absent, as Across answers when it
 * lacks prices). Used by the devnet's Across stand-in and to generate the fixtures the validator is tested on.
 */
import { concat, encodeFunctionData, erc20Abi, maxUint256, pad, type Address, type Hex } from "viem";
import { spokePoolDepositAbi } from "../validation/decodeDepositCalldata.js";
import { acrossBridgeAmounts, type RelayFee, type TradeType } from "./acrossBridgeAmounts.js";
import { acrossFallbackRecipient, acrossHandlerCalls, encodeMulticallInstructions } from "./acrossHandlerMessage.js";
import { acrossSwapFees, type AcrossPrices, type AcrossTokenView } from "./acrossSwapFees.js";

export type BuildAcrossSwapApprovalParameters = {
  tradeType: TradeType;
  amount: bigint;
  inputToken: AcrossTokenView;
  outputToken: AcrossTokenView;
  spokePool: Address;
  multicallHandler: Address;
  depositor: Address;
  recipient: Address;
  refundAddress?: Address;
  refundOnOrigin: boolean;
  integratorId?: Hex;
  appFeeWad: bigint;
  appFeeRecipient: Address;
  relayFee: (inputAmount: bigint) => RelayFee;
  quoteTimestamp: number;
  fillDeadline: number;
  exclusiveRelayer: Address;
  exclusivityDeadline: number;
  expectedFillTime: number;
  allowance: bigint;
  balance: bigint;
  /** Set only when Across' own gas estimate succeeded (allowance and balance suffice). */
  originTx?: { gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
  originNative: { chainId: number; symbol: string; decimals: number };
  destinationNative: { chainId: number; symbol: string; decimals: number };
  prices?: AcrossPrices;
};

const DEPOSIT_QUOTE_TIME_BUFFER_SECONDS = 3600;

export function buildAcrossSwapApproval(p: BuildAcrossSwapApprovalParameters) {
  const amounts = acrossBridgeAmounts({
    tradeType: p.tradeType, amount: p.amount, inputDecimals: p.inputToken.decimals, outputDecimals: p.outputToken.decimals,
    appFeeWad: p.appFeeWad, relayFee: p.relayFee,
  });
  const calls = acrossHandlerCalls({
    tradeType: p.tradeType, handler: p.multicallHandler, outputToken: p.outputToken.address as Address, recipient: p.recipient,
    depositor: p.depositor, refundAddress: p.refundAddress, appFee: amounts.appFee, appFeeRecipient: p.appFeeRecipient, amount: p.amount,
  });
  const message = encodeMulticallInstructions(calls, acrossFallbackRecipient(p.refundOnOrigin, p.refundAddress, p.depositor));
  const depositor = p.refundOnOrigin ? p.refundAddress ?? p.depositor : p.depositor;
  const deposit = encodeFunctionData({
    abi: spokePoolDepositAbi, functionName: "deposit", args: [
      pad(depositor), pad(p.multicallHandler), pad(p.inputToken.address as Hex), pad(p.outputToken.address as Hex),
      amounts.inputAmount, amounts.outputAmount, BigInt(p.outputToken.chainId), pad(p.exclusiveRelayer),
      p.quoteTimestamp, p.fillDeadline, p.exclusivityDeadline, message,
    ],
  });
  const data = concat([deposit, ...(p.integratorId ? ["0x1dc0de" as Hex, p.integratorId] : []), "0x73c0de"]);

  const approve = (value: bigint) => ({
    chainId: p.inputToken.chainId, to: p.inputToken.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [p.spokePool, value] }),
  });
  const approvalTxns = p.allowance >= amounts.inputAmount ? undefined
    : [...(p.inputToken.symbol === "USDT" && p.allowance > 0n ? [approve(0n)] : []), approve(maxUint256)];

  const fees = p.prices && acrossSwapFees({
    inputToken: p.inputToken, outputToken: p.outputToken, originNative: p.originNative, destinationNative: p.destinationNative,
    inputAmount: amounts.inputAmount, relayFee: amounts.relayFee, appFee: amounts.appFee, recipientAmount: amounts.recipientAmount,
    originGasWei: p.originTx ? p.originTx.gas * p.originTx.maxFeePerGas : 0n, prices: p.prices,
  });
  const pct = (x: bigint) => ((x * 10n ** 18n) / amounts.inputAmount).toString();
  const relay = amounts.relayFee;
  const input = amounts.inputAmount.toString();
  return {
    crossSwapType: "bridgeableToBridgeable",
    amountType: p.tradeType,
    checks: {
      allowance: { token: p.inputToken.address, spender: p.spokePool, actual: p.allowance.toString(), expected: input },
      balance: { token: p.inputToken.address, actual: p.balance.toString(), expected: input },
    },
    ...(approvalTxns ? { approvalTxns } : {}),
    steps: {
      bridge: {
        inputAmount: input,
        outputAmount: amounts.outputAmount.toString(),
        tokenIn: p.inputToken,
        tokenOut: p.outputToken,
        fees: {
          amount: relay.total.toString(), pct: pct(relay.total), token: p.inputToken,
          details: {
            type: "across",
            relayerCapital: { amount: relay.relayerCapital.toString(), pct: pct(relay.relayerCapital), token: p.inputToken },
            destinationGas: { amount: relay.destinationGas.toString(), pct: pct(relay.destinationGas), token: p.inputToken },
            lp: { amount: relay.lp.toString(), pct: pct(relay.lp), token: p.inputToken },
          },
        },
        provider: "across",
      },
    },
    inputToken: p.inputToken,
    outputToken: p.outputToken,
    refundToken: p.refundOnOrigin ? p.inputToken : p.outputToken,
    ...(fees ? { fees } : {}),
    inputAmount: input,
    maxInputAmount: input,
    expectedOutputAmount: amounts.recipientAmount.toString(),
    minOutputAmount: amounts.recipientAmount.toString(),
    expectedFillTime: p.expectedFillTime,
    swapTx: {
      simulationSuccess: p.originTx !== undefined,
      chainId: p.inputToken.chainId,
      to: p.spokePool,
      data,
      value: "0",
      ...(p.originTx ? {
        gas: p.originTx.gas.toString(),
        maxFeePerGas: p.originTx.maxFeePerGas.toString(),
        maxPriorityFeePerGas: p.originTx.maxPriorityFeePerGas.toString(),
      } : {}),
    },
    quoteExpiryTimestamp: p.quoteTimestamp + DEPOSIT_QUOTE_TIME_BUFFER_SECONDS,
  };
}

export type AcrossSwapApprovalAnswer = ReturnType<typeof buildAcrossSwapApproval>;
