/** Builds an honest Across `/swap/approval` answer (as the real API shapes it) for the validator's unit tests. */
import { concat, encodeAbiParameters, encodeFunctionData, erc20Abi, maxUint256, pad, parseAbi, type Address, type Hex, zeroAddress } from "viem";
import {
  ACROSS_MULTICALL_HANDLER, chains, findBridgeToken, spokePoolDepositAbi, type AcrossSwapApproval,
  type BridgeQuoteRequest, type QuoteValidationInput,
} from "@sluice/core";

export const user: Address = "0x1111111111111111111111111111111111111111";
export const feeRecipient: Address = "0x7777777777777777777777777777777777777777";
export const stranger: Address = "0x5742000000000000000000000000000000005742";
export const NOW = 1_800_000_000;

const instructions = [{ type: "tuple", components: [
  { type: "tuple[]", name: "calls", components: [{ type: "address", name: "target" }, { type: "bytes", name: "callData" }, { type: "uint256", name: "value" }] },
  { type: "address", name: "fallbackRecipient" },
] }] as const;
const drainAbi = parseAbi(["function drainLeftoverTokens(address token, address destination)"]);

export type QuoteParts = {
  depositor: Address; recipient: Address; outputAmount: bigint; fee: bigint; feeTo: Address; drainTo: Address; fallback: Address;
  destinationChainId: bigint; inputAmount: bigint; extraCalls: { target: Address; callData: Hex; value: bigint }[];
  fillDeadline: number; entryPoint: "deposit" | "depositV3"; suffix: Hex; to: Address; message?: Hex;
  /** Across' leftover drain after the payout (its exact-input and min-output messages carry one). */
  leftoverDrain: boolean;
};

export const request: BridgeQuoteRequest = {
  originChainId: 8453, destinationChainId: 42161,
  inputToken: findBridgeToken(8453, "USDC")!, outputToken: findBridgeToken(42161, "USDC")!,
  amount: 25_000_000n, tradeType: "exactInput", depositor: user, recipient: user,
};

export function depositCalldata(p: QuoteParts): Hex {
  const input = request.inputToken.address;
  const output = request.outputToken.address;
  const message = p.message ?? encodeAbiParameters(instructions, [{
    calls: [
      { target: output, callData: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [p.feeTo, p.fee] }), value: 0n },
      ...p.extraCalls,
      { target: ACROSS_MULTICALL_HANDLER, callData: encodeFunctionData({ abi: drainAbi, functionName: "drainLeftoverTokens", args: [output, p.drainTo] }), value: 0n },
      ...(p.leftoverDrain ? [{ target: ACROSS_MULTICALL_HANDLER, callData: encodeFunctionData({ abi: drainAbi, functionName: "drainLeftoverTokens", args: [output, p.drainTo] }), value: 0n }] : []),
    ],
    fallbackRecipient: p.fallback,
  }]);
  const data = p.entryPoint === "deposit"
    ? encodeFunctionData({ abi: spokePoolDepositAbi, functionName: "deposit", args: [pad(p.depositor), pad(p.recipient), pad(input), pad(output),
      p.inputAmount, p.outputAmount, p.destinationChainId, pad("0x00", { size: 32 }), NOW - 10, p.fillDeadline, 0, message] })
    : encodeFunctionData({ abi: spokePoolDepositAbi, functionName: "depositV3", args: [p.depositor, p.recipient, input, output,
      p.inputAmount, p.outputAmount, p.destinationChainId, "0x0000000000000000000000000000000000000000", NOW - 10, p.fillDeadline, 0, message] });
  return concat([data, p.suffix]);
}

export function honestParts(): QuoteParts {
  return {
    depositor: user, recipient: ACROSS_MULTICALL_HANDLER, outputAmount: 24_990_000n, fee: 24_990n, feeTo: feeRecipient, drainTo: user,
    // As Across builds it with refundOnOrigin=true: fallback to the zero address (refund on the origin chain), and
    // the payout drain followed by a leftover drain (across-protocol/frontend api/_dexes/utils.ts).
    fallback: zeroAddress, destinationChainId: 42161n, inputAmount: 25_000_000n, extraCalls: [], fillDeadline: NOW + 7200,
    entryPoint: "deposit", suffix: "0x1dc0de5c1e73c0de", to: chains.base.spokePool, leftoverDrain: true,
  };
}

export function quoteFrom(parts: QuoteParts, edit: (q: AcrossSwapApproval) => void = () => {}): QuoteValidationInput {
  const spokePool = chains.base.spokePool;
  const token = (t: typeof request.inputToken) => ({ address: t.address, chainId: t.chainId, decimals: t.decimals, symbol: t.symbol });
  const component = (amount: bigint, t = request.inputToken) => ({ amount: amount.toString(), pct: "0", token: token(t) });
  const quote: AcrossSwapApproval = {
    id: "q",
    checks: {
      allowance: { token: request.inputToken.address, spender: spokePool, actual: "0", expected: parts.inputAmount.toString() },
      balance: { token: request.inputToken.address, actual: "100000000", expected: parts.inputAmount.toString() },
    },
    approvalTxns: [{ chainId: 8453, to: request.inputToken.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spokePool, maxUint256] }) }],
    inputToken: token(request.inputToken),
    outputToken: token(request.outputToken),
    inputAmount: parts.inputAmount.toString(),
    expectedOutputAmount: (parts.outputAmount - parts.fee).toString(),
    minOutputAmount: (parts.outputAmount - parts.fee).toString(),
    expectedFillTime: 2,
    fees: { total: { ...component(10_000n + parts.fee), details: { app: component(parts.fee, request.outputToken), bridge: { ...component(10_000n), details: { lp: component(2_500n), relayerCapital: component(7_500n), destinationGas: component(0n) } } } } },
    swapTx: { simulationSuccess: false, chainId: 8453, to: parts.to, data: depositCalldata(parts), value: "0" },
    quoteExpiryTimestamp: NOW + 300,
  };
  edit(quote);
  return { request, quote, feeRecipient, integratorId: "0x5c1e", appFeeBps: 10n, nowSeconds: NOW };
}
