/**
 * `/swap/approval` on the devnet: a bridge-only Across quote (same asset on both chains) with the real answer's
 * shape — checks, approvalTxns, steps, fees, amounts, swapTx with the SpokePool `deposit` calldata and the
 * integrator suffix — optionally tampered (see tamperModes.ts).
 */
import { randomUUID } from "node:crypto";
import {
  concat, encodeFunctionData, erc20Abi, maxUint256, pad, parseEther, type Address, type Hex, zeroAddress } from "viem";
import { ACROSS_MULTICALL_HANDLER } from "@sluice/core";
import { acrossBuild } from "../acrossArtifacts.js";
import { DEPOSIT_QUOTE_TIME_BUFFER } from "../acrossDevnetRoles.js";
import { AcrossApiError, invalidParam } from "./acrossApiError.js";
import type { AcrossNetwork, AcrossToken } from "./acrossNetwork.js";
import { drainCall, encodeInstructions, feeTransferCall, type HandlerCall } from "./appFeeMessage.js";
import { WAD, type SwapApprovalQuery } from "./swapApprovalQuery.js";
import { STRANGER, type TamperMode } from "./tamperModes.js";

/** The devnet relayers' price: LP fee and relayer capital fee, in bps of the input. */
const LP_FEE_BPS = 1n;
const RELAYER_FEE_BPS = 3n;
/** How long a quote is good for, and how long relayers have to fill a deposit. */
/** Across sets a quote's expiry to its quote timestamp plus an hour (across-protocol/frontend, api/swap/approval). */
export const QUOTE_LIFETIME_SECONDS = 3600;
export const FILL_WINDOW_SECONDS = 2 * 3_600;
/** The fill window of deposits the relayer was told to leave unfilled: short, so they expire within a test. */
export const HELD_FILL_WINDOW_SECONDS = 20;

export type BuildContext = {
  network: AcrossNetwork;
  tamper?: TamperMode;
  held: boolean;
};

const spokePoolAbi = () => acrossBuild("Ethereum_SpokePool").abi;

export async function buildSwapApproval(query: SwapApprovalQuery, context: BuildContext) {
  const { network, tamper } = context;
  const origin = network.byId(query.originChainId);
  const destination = network.byId(query.destinationChainId);
  if (!origin) throw invalidParam("originChainId", `Unsupported origin chain ${query.originChainId}`);
  if (!destination) throw invalidParam("destinationChainId", `Unsupported destination chain ${query.destinationChainId}`);
  if (origin === destination) throw invalidParam("destinationChainId", "originChainId and destinationChainId must differ");
  const inputToken = network.token(origin.chainId, query.inputToken);
  const outputToken = network.token(destination.chainId, query.outputToken);
  if (!inputToken || !outputToken || inputToken.symbol !== outputToken.symbol) {
    throw new AcrossApiError(400, "ROUTE_NOT_ENABLED", `No route from ${query.inputToken} on ${origin.chainId} to ${query.outputToken} on ${destination.chainId}`);
  }

  const amounts = quoteAmounts(query, inputToken, outputToken);
  const now = Number((await origin.publicClient.getBlock()).timestamp);
  const wallClock = Math.floor(Date.now() / 1000);
  const quoteTimestamp = tamper === "simulationFailed" ? now - 2 * DEPOSIT_QUOTE_TIME_BUFFER : now;
  const fillDeadline = tamper === "fillDeadlinePassed" ? now - 60
    : Math.max(now, wallClock) + (context.held ? HELD_FILL_WINDOW_SECONDS : FILL_WINDOW_SECONDS);

  // Who gets what on the destination chain.
  const fee = tamper === "noAppFee" ? 0n : tamper === "wrongAppFee" ? amounts.appFee * 5n : amounts.appFee;
  const user = tamper === "recipient" ? STRANGER : query.recipient;
  let recipient: Address = query.recipient;
  let message: Hex = "0x";
  if (tamper === "directRecipient") {
    recipient = STRANGER;
  } else if (fee > 0n) {
    // As Across' app API builds it (across-protocol/frontend, api/_dexes/utils.ts): the app fee first; then for exact
    // input and min output a drain of the output token to the recipient and a leftover drain, for exact output the
    // requested amount to the recipient and the dust drained to the refund address; the fallback is the zero
    // address when refundOnOrigin (refund on the origin chain), else the refund address or the depositor.
    const calls: HandlerCall[] = [feeTransferCall(outputToken.address, tamper === "feeToStranger" ? STRANGER : query.appFeeRecipient!, fee)];
    if (tamper === "extraCall") calls.push(feeTransferCall(outputToken.address, STRANGER, 1n));
    if (query.tradeType === "exactOutput") {
      calls.push(feeTransferCall(outputToken.address, user, query.amount));
      calls.push(drainCall(ACROSS_MULTICALL_HANDLER, outputToken.address, query.refundAddress ?? query.depositor));
    } else {
      calls.push(drainCall(ACROSS_MULTICALL_HANDLER, outputToken.address, user));
      calls.push(drainCall(ACROSS_MULTICALL_HANDLER, outputToken.address, user));
    }
    recipient = ACROSS_MULTICALL_HANDLER;
    const fallback = query.refundOnOrigin ? zeroAddress : query.refundAddress ?? query.depositor;
    message = encodeInstructions(calls, tamper === "refundRecipient" ? STRANGER : fallback);
  } else if (tamper === "recipient") {
    recipient = STRANGER;
  }

  const depositor = tamper === "depositor" ? STRANGER : query.refundAddress ?? query.depositor;
  const destinationChainId = tamper === "destinationChain"
    ? network.chains.find((c) => c !== origin && c !== destination)!.chainId : destination.chainId;
  const depositOutputToken = tamper === "outputToken"
    ? destination.tokens.find((t) => t.address !== outputToken.address)!.address : outputToken.address;
  const inputAmount = tamper === "inputAmount" ? amounts.inputAmount * 2n : amounts.inputAmount;
  const depositArgs = [depositor, recipient, inputToken.address, depositOutputToken, inputAmount, amounts.bridgeOutput,
    BigInt(destinationChainId), "0x0000000000000000000000000000000000000000", quoteTimestamp, fillDeadline, 0, message] as const;
  const callData = tamper === "legacyDepositV3"
    ? encodeFunctionData({ abi: spokePoolAbi(), functionName: "depositV3", args: depositArgs })
    : encodeFunctionData({ abi: spokePoolAbi(), functionName: "deposit", args: [
      pad(depositor), pad(recipient), pad(inputToken.address), pad(depositOutputToken), inputAmount, amounts.bridgeOutput,
      BigInt(destinationChainId), pad("0x00"), quoteTimestamp, fillDeadline, 0, message] });
  const suffix = concat([...(query.integratorId ? ["0x1dc0de" as Hex, query.integratorId as Hex] : []), "0x73c0de"]);
  const swapTo = tamper === "target" ? STRANGER : origin.spokePool;
  const value = tamper === "nativeValue" ? parseEther("1") : 0n;

  // Balance and allowance of the depositor, and the protocol's own simulation when nothing is missing.
  const [balance, allowance] = await Promise.all([
    origin.publicClient.readContract({ address: inputToken.address, abi: erc20Abi, functionName: "balanceOf", args: [query.depositor] }),
    origin.publicClient.readContract({ address: inputToken.address, abi: erc20Abi, functionName: "allowance", args: [query.depositor, swapTo] }),
  ]);
  const swapData = concat([callData, suffix]);
  let gas: bigint | undefined;
  if (allowance >= inputAmount && balance >= inputAmount && tamper !== "simulationFailed") {
    gas = await origin.publicClient.estimateGas({ account: query.depositor, to: swapTo, data: swapData, value }).catch(() => undefined);
  }
  const spender = tamper === "approvalSpender" ? STRANGER : swapTo;
  const approvalTo = tamper === "approvalToken" ? origin.tokens.find((t) => t.address !== inputToken.address)!.address : inputToken.address;
  const approvalData = tamper === "approvalCall"
    ? encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [STRANGER, inputAmount] })
    : encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, maxUint256] });
  const needsApproval = allowance < inputAmount || ["approvalSpender", "approvalCall", "approvalToken"].includes(tamper ?? "");

  const tokenView = (t: AcrossToken) => ({ address: t.address, chainId: t.chainId, decimals: t.decimals, symbol: t.symbol });
  const disclosedFee = tamper === "undisclosedAppFee" ? 0n : fee;
  const component = (amount: bigint, token: AcrossToken, pct: bigint) => ({ amount: amount.toString(), amountUsd: "0", pct: pct.toString(), token: tokenView(token) });
  const bridgeFee = amounts.lpFee + amounts.relayerFee;
  const feeDetails = {
    swapImpact: component(0n, inputToken, 0n),
    app: component(disclosedFee, outputToken, amounts.bridgeOutput === 0n ? 0n : (disclosedFee * WAD) / amounts.bridgeOutput),
    bridge: {
      ...component(bridgeFee, inputToken, (bridgeFee * WAD) / inputAmount),
      details: {
        type: "across",
        lp: component(amounts.lpFee, inputToken, LP_FEE_BPS * WAD / 10_000n),
        relayerCapital: component(amounts.relayerFee, inputToken, RELAYER_FEE_BPS * WAD / 10_000n),
        destinationGas: component(0n, inputToken, 0n),
      },
    },
  };
  const total = bridgeFee + disclosedFee;
  const expectedOutputAmount = amounts.bridgeOutput - fee;
  return {
    crossSwapType: "bridgeableToBridgeable",
    amountType: query.tradeType,
    checks: {
      allowance: { token: inputToken.address, spender: swapTo, actual: allowance.toString(), expected: inputAmount.toString() },
      balance: { token: inputToken.address, actual: balance.toString(), expected: inputAmount.toString() },
    },
    approvalTxns: needsApproval ? [{ chainId: origin.chainId, to: approvalTo, data: approvalData }] : undefined,
    steps: {
      bridge: {
        inputAmount: inputAmount.toString(), outputAmount: amounts.bridgeOutput.toString(),
        tokenIn: tokenView(inputToken), tokenOut: tokenView(outputToken), fees: { amount: bridgeFee.toString(), pct: ((bridgeFee * WAD) / inputAmount).toString(), token: tokenView(inputToken), details: feeDetails.bridge.details },
        provider: "across",
      },
    },
    inputToken: tokenView(inputToken),
    outputToken: tokenView(outputToken),
    refundToken: tokenView(query.refundOnOrigin ? inputToken : outputToken),
    fees: {
      total: { ...component(total, inputToken, (total * WAD) / inputAmount), details: { type: "total-breakdown", ...feeDetails } },
      totalMax: { ...component(total, inputToken, (total * WAD) / inputAmount), details: { type: "max-total-breakdown", maxSwapImpact: feeDetails.swapImpact, app: feeDetails.app, bridge: feeDetails.bridge } },
      originGas: component(0n, inputToken, 0n),
    },
    inputAmount: inputAmount.toString(),
    maxInputAmount: inputAmount.toString(),
    expectedOutputAmount: expectedOutputAmount.toString(),
    minOutputAmount: expectedOutputAmount.toString(),
    expectedFillTime: 2,
    swapTx: {
      simulationSuccess: gas !== undefined,
      chainId: origin.chainId,
      to: swapTo,
      data: swapData,
      value: value.toString(),
      gas: gas?.toString(),
      maxFeePerGas: gas === undefined ? undefined : "2000000000",
      maxPriorityFeePerGas: gas === undefined ? undefined : "1000000",
    },
    quoteExpiryTimestamp: tamper === "expired" ? wallClock - 60 : quoteTimestamp + QUOTE_LIFETIME_SECONDS,
    id: randomUUID(),
  };
}

/** Input, bridge output (what the deposit asks relayers to deliver), the fees, and the app fee out of the output. */
export function quoteAmounts(query: SwapApprovalQuery, input: AcrossToken, output: AcrossToken) {
  const toOutput = (amount: bigint) => convertDecimals(amount, input.decimals, output.decimals);
  const feeOf = (amount: bigint) => (amount * query.appFeeWad) / WAD;
  let inputAmount: bigint;
  if (query.tradeType === "exactInput") {
    inputAmount = query.amount;
  } else {
    // Across asks the bridge for the amount plus the app fee on it (addMarkupToAmount), then the input that buys it.
    const bridgeOutput = query.amount + feeOf(query.amount);
    const inOutputUnits = ceilDiv(bridgeOutput * 10_000n, 10_000n - LP_FEE_BPS - RELAYER_FEE_BPS);
    inputAmount = ceilConvert(inOutputUnits, output.decimals, input.decimals);
  }
  const lpFee = (inputAmount * LP_FEE_BPS) / 10_000n;
  const relayerFee = (inputAmount * RELAYER_FEE_BPS) / 10_000n;
  const bridgeOutput = toOutput(inputAmount - lpFee - relayerFee);
  if (bridgeOutput <= 0n) throw new AcrossApiError(400, "AMOUNT_TOO_LOW", "Amount is too low to cover the fees", "amount");
  // The app fee: of the bridge output, except for exact output, where Across takes it on the requested amount.
  return { inputAmount, lpFee, relayerFee, bridgeOutput, appFee: feeOf(query.tradeType === "exactOutput" ? query.amount : bridgeOutput) };
}

function convertDecimals(amount: bigint, from: number, to: number): bigint {
  return to >= from ? amount * 10n ** BigInt(to - from) : amount / 10n ** BigInt(from - to);
}

function ceilConvert(amount: bigint, from: number, to: number): bigint {
  return to >= from ? amount * 10n ** BigInt(to - from) : ceilDiv(amount, 10n ** BigInt(from - to));
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
