/**
 * A validated bridge quote: asks Across (10 bps app fee to Sluice's fee recipient, refunds pinned to the depositor on
 * the origin chain), validates every returned transaction (validation/), simulates approvals + deposit, and only
 * then answers. Nothing from a refused answer is ever returned.
 */
import { zeroAddress } from "viem";
import { chainById } from "../chains/chains.js";
import type { PublicClient } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { AcrossRequestError, type AcrossClient } from "./across/createAcrossClient.js";
import type { AcrossSwapApproval } from "./across/acrossSchemas.js";
import { simulateDeposit } from "./validation/simulateDeposit.js";
import { validateAcrossQuote } from "./validation/validateAcrossQuote.js";
import type { BridgeQuoteRequest, QuoteValidationContext } from "./validation/quoteValidationTypes.js";
import type { Address } from "viem";

/** Sluice's bridge app fee: 10 bps of the output, taken in the output token on the destination chain. */
export const BRIDGE_APP_FEE_BPS = 10n;
export const BRIDGE_APP_FEE_FRACTION = "0.001";

export type QuoteBridgeParameters = {
  request: BridgeQuoteRequest & { slippage: number | "auto" };
  across: AcrossClient;
  feeRecipient: Address;
  /** Sluice's 2-byte Across integrator id. */
  integratorId: `0x${string}`;
  /** The shortest fill window a quoted deposit may leave relayers (s). */
  minFillWindowSeconds?: number;
  /** A client of the origin chain for Sluice's own simulation; without one no quote is served. */
  originClient?: PublicClient;
  nowSeconds?: () => number;
};

export async function quoteBridge(params: QuoteBridgeParameters) {
  const { request, across, feeRecipient, integratorId, minFillWindowSeconds, originClient, nowSeconds } = params;
  // Never on the protocol's word alone: Sluice simulates every deposit on the origin chain itself.
  if (!originClient) {
    throw new SluiceError("UNSUPPORTED_CHAIN", `Bridging from chain ${request.originChainId} is not available on this deployment (no RPC to verify deposits there)`);
  }
  const now = nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  let quote: AcrossSwapApproval;
  try {
    quote = await across.swapApproval({
      amount: request.amount, inputToken: request.inputToken.address, outputToken: request.outputToken.address,
      originChainId: request.originChainId, destinationChainId: request.destinationChainId,
      depositor: request.depositor, recipient: request.recipient, tradeType: request.tradeType, slippage: request.slippage,
      appFee: BRIDGE_APP_FEE_FRACTION, appFeeRecipient: feeRecipient,
    });
  } catch (error) {
    if (error instanceof AcrossRequestError) throw fromAcrossRefusal(error, request);
    throw error;
  }

  const context = validateAcrossQuote({
    request, quote, feeRecipient, integratorId, minFillWindowSeconds, appFeeBps: BRIDGE_APP_FEE_BPS, nowSeconds: now(),
  });
  const approvals = quote.approvalTxns ?? [];
  const simulated = await simulateDeposit(originClient, request.depositor, [
    ...approvals.map((a) => ({ to: a.to as Address, data: a.data as `0x${string}`, value: 0n })),
    { to: quote.swapTx.to as Address, data: quote.swapTx.data as `0x${string}`, value: BigInt(quote.swapTx.value ?? "0") },
  ]).catch(() => {
    throw new SluiceError("UPSTREAM_ERROR", "The origin chain could not be reached to simulate the deposit; safe to retry");
  });
  if (!simulated.ok) {
    throw new SluiceError("SIMULATION_FAILED", `The deposit would fail (${simulated.reason}); check balance and allowance, then retry`);
  }
  return presentQuote(request, quote, context, feeRecipient);
}

function fromAcrossRefusal(error: AcrossRequestError, request: BridgeQuoteRequest): SluiceError {
  const code = error.code ?? "";
  if (/ROUTE|UNSUPPORTED|UNAVAILABLE|TOKEN/.test(code)) {
    return new SluiceError("UNSUPPORTED_TOKEN",
      `No bridge route from ${request.inputToken.symbol} on chain ${request.originChainId} to ${request.outputToken.symbol} on chain ${request.destinationChainId}`);
  }
  // The protocol's own words stay in the logs: a partner reads Sluice's message and code, never upstream text.
  console.warn("bridge protocol refusal", JSON.stringify({ status: error.status, code: error.code, param: error.param, message: error.message }));
  if (/AMOUNT/.test(code) || error.param === "amount") {
    return new SluiceError("MALFORMED_REQUEST", "amount: the bridge protocol does not accept this amount for the route (too small or too large)");
  }
  return new SluiceError("UPSTREAM_ERROR", "The bridge protocol refused the request; retry later or with other parameters");
}

function presentQuote(request: BridgeQuoteRequest, quote: AcrossSwapApproval, context: QuoteValidationContext, feeRecipient: Address) {
  const token = (t: { address: string; symbol: string; name: string; decimals: number; chainId: number }) =>
    ({ chainId: t.chainId, address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals });
  const bridgeDetails = quote.fees?.total.details.bridge.details;
  const facet = (amount: string | undefined, t: typeof request.inputToken) => ({ amount: amount ?? null, token: token(t) });
  // Across prices destination gas in the destination chain's native token.
  const destination = chainById(request.destinationChainId);
  const nativeToken = { chainId: request.destinationChainId, address: zeroAddress, symbol: destination?.nativeSymbol ?? "ETH", name: destination?.nativeSymbol ?? "ETH", decimals: 18 };
  return {
    id: quote.id ?? crypto.randomUUID(),
    inputToken: token(request.inputToken),
    outputToken: token(request.outputToken),
    inputAmount: context.deposit.inputAmount.toString(),
    expectedOutputAmount: quote.expectedOutputAmount,
    minOutputAmount: quote.minOutputAmount,
    expectedFillTime: quote.expectedFillTime ?? 0,
    quoteExpiryTimestamp: quote.quoteExpiryTimestamp!,
    fees: {
      app: { amount: context.appFee.toString(), token: token(request.outputToken), bps: Number(BRIDGE_APP_FEE_BPS), recipient: feeRecipient },
      relayer: facet(bridgeDetails?.relayerCapital.amount, request.inputToken),
      lp: facet(bridgeDetails?.lp.amount, request.inputToken),
      destinationGas: { amount: bridgeDetails?.destinationGas.amount ?? null, token: nativeToken },
      bridgeTotal: facet(quote.fees?.total.details.bridge.amount, request.inputToken),
    },
    checks: {
      allowance: { token: quote.checks.allowance.token, spender: quote.checks.allowance.spender, balance: quote.checks.allowance.actual, expected: quote.checks.allowance.expected },
      balance: { token: quote.checks.balance.token, balance: quote.checks.balance.actual, expected: quote.checks.balance.expected },
    },
    approvalTxns: (quote.approvalTxns ?? []).map((a) => ({ chainId: a.chainId, to: a.to, data: a.data })),
    swapTx: { chainId: quote.swapTx.chainId, to: quote.swapTx.to, data: quote.swapTx.data, value: quote.swapTx.value ?? "0", simulationSuccess: true },
    recipient: request.recipient,
    refundAddress: request.depositor,
    refundOnOrigin: true,
  };
}

export type BridgeQuote = ReturnType<typeof presentQuote>;
