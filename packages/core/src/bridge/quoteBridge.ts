/**
 * A validated bridge quote: asks Across (10 bps app fee to Sluice's fee recipient, refunds pinned to the depositor on
 * the origin chain), validates every returned transaction (validation/), replaces Across' approvals by exact ones
 * (`exactApprovals`), simulates approvals + deposit, and only then answers. Nothing from a refused answer is ever
 * returned; the fee figures presented are the ones reconciled with the deposit, the allowance and balance the ones
 * read on the origin chain.
 */
import { erc20Abi, zeroAddress, type PublicClient } from "viem";
import { chainById } from "../chains/chains.js";
import { SluiceError } from "../errors/SluiceError.js";
import { AcrossRequestError, type AcrossClient } from "./across/createAcrossClient.js";
import type { AcrossSwapApproval } from "./across/acrossSchemas.js";
import { defaultBridgeRecipient } from "./defaultBridgeRecipient.js";
import { exactApprovals, type ApprovalTx } from "./exactApprovals.js";
import { bridgeQuoteExpiry } from "./validation/bridgeQuoteExpiry.js";
import { depositBridgeFee } from "./validation/checkFeeDisclosure.js";
import { simulateDeposit } from "./validation/simulateDeposit.js";
import { validateAcrossQuote } from "./validation/validateAcrossQuote.js";
import { isSameAssetRoute } from "./validation/checkEconomicBounds.js";
import type { BridgeQuoteRequest, BridgeUsdPrices, QuoteValidationContext } from "./validation/quoteValidationTypes.js";
import type { Address } from "viem";

/** Sluice's bridge app fee: 10 bps of the output, taken in the output token on the destination chain. */
export const BRIDGE_APP_FEE_BPS = 10n;
export const BRIDGE_APP_FEE_FRACTION = "0.001";
/**
 * The longest quote id `/bridge/track` takes back (`quoteId`). A quote's id is Sluice's own (a UUID), never the
 * protocol's: its answers carry none, and one that did could be any length or text, echoed to partners and then
 * refused when they track with it.
 */
export const BRIDGE_QUOTE_ID_MAX_LENGTH = 200;

export type QuoteBridgeParameters = {
  /** Without a recipient, the depositor's own address where that is safe (`defaultBridgeRecipient`). */
  request: Omit<BridgeQuoteRequest, "recipient"> & { recipient?: Address; slippage: number | "auto" };
  across: AcrossClient;
  feeRecipient: Address;
  /** Sluice's 2-byte Across integrator id. */
  integratorId: `0x${string}`;
  /** The shortest fill window a quoted deposit may leave relayers (s). */
  minFillWindowSeconds?: number;
  /** The most a signed deposit may take to be mined (s); default `DEPOSIT_INCLUSION_MARGIN_SECONDS`. */
  depositInclusionSeconds?: number;
  /** The most a same-asset transfer may keep in fees (bps); default `DEFAULT_MAX_BRIDGE_FEE_BPS`. */
  maxFeeBps?: bigint;
  /**
   * Sluice's USD prices of the two tokens (origin and destination pool graphs), asked only for a route between
   * different assets: its economic bound (`checkEconomicBounds`). Absent or failing → such a route is refused.
   */
  usdPrices?: () => Promise<BridgeUsdPrices>;
  /** A client of the origin chain for Sluice's own simulation; without one no quote is served. */
  originClient?: PublicClient;
  /**
   * Whether this deployment reaches the destination chain: without it no quote is served, since the deposit's fill,
   * expiry and refund could never be verified (`/bridge/track` and `/bridge/status` refuse such a deposit).
   */
  destinationServed: boolean;
  nowSeconds?: () => number;
};

export async function quoteBridge(params: QuoteBridgeParameters) {
  const { across, feeRecipient, integratorId, minFillWindowSeconds, depositInclusionSeconds, maxFeeBps, originClient, nowSeconds } = params;
  // Never on the protocol's word alone: Sluice simulates every deposit on the origin chain itself.
  if (!originClient) {
    throw new SluiceError("UNSUPPORTED_CHAIN", `originChainId: bridging from chain ${params.request.originChainId} is not available on this deployment (no RPC to verify deposits there)`);
  }
  if (!params.destinationServed) {
    throw new SluiceError("UNSUPPORTED_CHAIN", `destinationChainId: bridging to chain ${params.request.destinationChainId} is not available on this deployment (no RPC to verify fills there)`);
  }
  const request: BridgeQuoteRequest & { slippage: number | "auto" } = {
    ...params.request,
    recipient: params.request.recipient ?? await defaultBridgeRecipient({
      client: originClient, depositor: params.request.depositor, originChainId: params.request.originChainId, destinationChainId: params.request.destinationChainId,
    }),
  };
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

  const usdPrices = isSameAssetRoute(request) ? undefined : await params.usdPrices?.().catch(() => undefined);
  const context = validateAcrossQuote({
    request, quote, feeRecipient, integratorId, minFillWindowSeconds, depositInclusionSeconds, maxFeeBps, appFeeBps: BRIDGE_APP_FEE_BPS, nowSeconds: now(), usdPrices,
  });
  // Across approves the maximum; the partner gets exactly what the deposit needs, read against the chain's allowance.
  // The balance answered is the chain's too, read alongside: Across' `checks.balance` is its own unverified figure.
  const [{ allowance, approvals }, balance] = await Promise.all([
    exactApprovals(originClient, {
      chainId: request.originChainId, token: request.inputToken, owner: request.depositor, spender: quote.swapTx.to as Address,
      amount: context.deposit.inputAmount,
    }),
    originClient.readContract({ address: request.inputToken.address, abi: erc20Abi, functionName: "balanceOf", args: [request.depositor] }),
  ]).catch(() => {
    throw new SluiceError("DEPENDENCY_DOWN", "The origin chain could not be reached to read the allowance and balance; safe to retry");
  });
  const simulated = await simulateDeposit(originClient, request.depositor, [
    ...approvals.map((a) => ({ to: a.to, data: a.data, value: 0n })),
    { to: quote.swapTx.to as Address, data: quote.swapTx.data as `0x${string}`, value: BigInt(quote.swapTx.value ?? "0") },
  ]).catch(() => {
    throw new SluiceError("DEPENDENCY_DOWN", "The origin chain could not be reached to simulate the deposit; safe to retry");
  });
  if (!simulated.ok) {
    throw new SluiceError("SIMULATION_FAILED", `The deposit would fail (${simulated.reason}); check balance and allowance, then retry`);
  }
  return presentQuote(request, quote, context, feeRecipient, { allowance, balance, approvals });
}

/**
 * A refusal of the protocol in Sluice's words. Only a 400 or 422 is about the request itself (a route it does not
 * serve, an amount out of its bounds), and only then may the partner be told to change it; any other 4xx (401, 403:
 * Sluice's key; 429: Sluice's rate; 404, 409 …) is the protocol's side, UPSTREAM_ERROR (502) whatever code or
 * parameter its body names. A 400 naming neither a route nor the amount is UPSTREAM_ERROR too: Sluice sent the
 * parameters, so the partner cannot fix them.
 */
function fromAcrossRefusal(error: AcrossRequestError, request: BridgeQuoteRequest): SluiceError {
  const code = error.code ?? "";
  const aboutRequest = error.status === 400 || error.status === 422;
  if (aboutRequest && /ROUTE|UNSUPPORTED|UNAVAILABLE|TOKEN/.test(code)) {
    return new SluiceError("UNSUPPORTED_TOKEN",
      `No bridge route from ${request.inputToken.symbol} on chain ${request.originChainId} to ${request.outputToken.symbol} on chain ${request.destinationChainId}`);
  }
  // The protocol's own words stay in the logs: a partner reads Sluice's message and code, never upstream text.
  console.warn("bridge protocol refusal", JSON.stringify({ status: error.status, code: error.code, param: error.param, message: error.message }));
  if (aboutRequest && (/AMOUNT/.test(code) || error.param === "amount")) {
    return new SluiceError("MALFORMED_REQUEST", "amount: the bridge protocol does not accept this amount for the route (too small or too large)");
  }
  if (!aboutRequest) return new SluiceError("UPSTREAM_ERROR", `The bridge protocol refused Sluice's request (HTTP ${error.status}); retry later`);
  return new SluiceError("UPSTREAM_ERROR", "The bridge protocol refused the request; retry later or with other parameters");
}

function presentQuote(
  request: BridgeQuoteRequest, quote: AcrossSwapApproval, context: QuoteValidationContext, feeRecipient: Address,
  { allowance, balance, approvals }: { allowance: bigint; balance: bigint; approvals: ApprovalTx[] },
) {
  const token = (t: { address: string; symbol: string; name: string; decimals: number; chainId: number }) =>
    ({ chainId: t.chainId, address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals });
  const facet = (amount: string, t: Parameters<typeof token>[0]) => ({ amount, token: token(t) });
  /** A part Across may leave out of its answer: null when it did, never a made-up 0 (the interface's "unknown"). */
  const part = (amount: string | undefined, t: Parameters<typeof token>[0]) => ({ amount: amount ?? null, token: token(t) });
  // Fee parts in the input token: Across' bridge step (reconciled with the deposit) when present; else its fee
  // breakdown, whose destination gas is in the destination chain's native token and is labelled so.
  const stepParts = quote.steps?.bridge?.fees?.details;
  const breakdownParts = quote.fees?.total.details.bridge.details;
  const destination = chainById(request.destinationChainId)!;
  const nativeToken = { chainId: destination.id, address: zeroAddress, symbol: destination.nativeSymbol, name: destination.nativeSymbol, decimals: 18 };
  const inputAmount = context.deposit.inputAmount.toString();
  return {
    id: crypto.randomUUID(),
    inputToken: token(request.inputToken),
    outputToken: token(request.outputToken),
    inputAmount,
    expectedOutputAmount: quote.expectedOutputAmount,
    minOutputAmount: quote.minOutputAmount,
    expectedFillTime: quote.expectedFillTime ?? 0,
    quoteExpiryTimestamp: bridgeQuoteExpiry(context),
    fees: {
      app: { ...facet(context.appFee.toString(), request.outputToken), bps: Number(BRIDGE_APP_FEE_BPS), recipient: feeRecipient },
      relayer: part((stepParts ?? breakdownParts)?.relayerCapital.amount, request.inputToken),
      lp: part((stepParts ?? breakdownParts)?.lp.amount, request.inputToken),
      destinationGas: stepParts ? part(stepParts.destinationGas.amount, request.inputToken) : part(breakdownParts?.destinationGas.amount, nativeToken),
      bridgeTotal: facet(depositBridgeFee(context).fee.toString(), request.inputToken),
    },
    checks: {
      allowance: { token: request.inputToken.address, spender: quote.swapTx.to, balance: allowance.toString(), expected: inputAmount },
      balance: { token: request.inputToken.address, balance: balance.toString(), expected: inputAmount },
    },
    approvalTxns: approvals,
    swapTx: { chainId: quote.swapTx.chainId, to: quote.swapTx.to, data: quote.swapTx.data, value: quote.swapTx.value ?? "0", simulationSuccess: true },
    recipient: request.recipient,
    refundAddress: request.depositor,
    refundOnOrigin: true,
  };
}

export type BridgeQuote = ReturnType<typeof presentQuote>;
