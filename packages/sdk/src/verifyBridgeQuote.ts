/**
 * The transactions of a bridge quote, checked before the wallet sends any: the deposit calls Across' SpokePool of the
 * origin chain (pinned) with no native value, and its calldata is exactly a SpokePool `deposit` (or `depositV3`) whose
 * depositor is the wallet, of the requested tokens and destination, of the quote's input amount (the requested one
 * for an exact input). Every term of the relay is checked: where the output goes (`checkBridgePayout`: the
 * recipient, or Across' MulticallHandler with exactly Across' instructions paying the fee recipient the quote
 * discloses and the recipient), its amounts (`checkBridgeAmounts`: the quote's stated output and fee, the request,
 * Sluice's 10 bps app fee and the deployment's maximum same-asset bridge fee), its timing and exclusive relayer
 * (`checkBridgeTiming`). Every approval is exactly `approve(SpokePool, amount)` on the input token, on the origin
 * chain, for at most the deposit's input. Tokens are curated ones (pinned): the only ones Sluice bridges.
 */
import { decodeFunctionData, encodeFunctionData, erc20Abi, isAddress, isAddressEqual, type Address, type Hex } from "viem";
import { answeredAddress, answeredObject, answeredUint, fail, requireAddress } from "./answerChecks.js";
import { checkBridgeAmounts } from "./checkBridgeAmounts.js";
import { checkBridgePayout } from "./checkBridgePayout.js";
import { checkBridgeTiming } from "./checkBridgeTiming.js";
import { decodeBridgeDeposit } from "./decodeBridgeDeposit.js";
import { ACROSS_SPOKE_POOLS, CURATED_TOKENS } from "./pinned.js";
import type { BridgeQuote, BridgeQuoteRequest } from "./types.js";
import type { TransactionRequest } from "./wallet.js";

/** What the quote was asked with, when known (this client's own quote, or `params`): otherwise the quote's own terms. */
export type BridgeExpectation = {
  depositor: Address;
  request?: Partial<BridgeQuoteRequest>;
  /** The least fill window (s) the deposit must leave; default `BRIDGE_MIN_FILL_WINDOW_SECONDS` (600). */
  minFillWindowSeconds?: number;
  /** The most a same-asset deposit may keep in fees (bps of its input); default `BRIDGE_MAX_FEE_BPS` (300). */
  maxFeeBps?: number;
};

export function verifyBridgeQuote(quote: BridgeQuote, { depositor, request, minFillWindowSeconds, maxFeeBps }: BridgeExpectation): { approvals: TransactionRequest[]; deposit: TransactionRequest } {
  const origin = request?.originChainId ?? quote.inputToken?.chainId;
  const destination = request?.destinationChainId ?? quote.outputToken?.chainId;
  const spokePool = ACROSS_SPOKE_POOLS[Number(origin)];
  if (!spokePool) fail("inputToken.chainId", "one of the chains Sluice bridges from", origin);
  const inputToken = curatedToken("inputToken", Number(origin), request?.inputToken ?? quote.inputToken?.address);
  const outputToken = curatedToken("outputToken", Number(destination), request?.outputToken ?? quote.outputToken?.address);

  const swapTx = quote.swapTx ?? ({} as BridgeQuote["swapTx"]);
  if (swapTx.chainId !== origin) fail("swapTx.chainId", `the origin chain ${origin}`, swapTx.chainId);
  requireAddress("swapTx.to", swapTx.to, spokePool, "Across' SpokePool of the origin chain");
  if (answeredUint("swapTx.value", swapTx.value) !== 0n) fail("swapTx.value", "0 (a deposit of a token sends no native coin)", swapTx.value);
  const d = decodeBridgeDeposit(swapTx.data);
  if (!isAddressEqual(d.depositor, depositor)) fail("swapTx.data depositor", `the wallet ${depositor}`, d.depositor);
  if (!isAddressEqual(d.inputToken, inputToken.address)) fail("swapTx.data inputToken", `the requested ${inputToken.address}`, d.inputToken);
  if (!isAddressEqual(d.outputToken, outputToken.address)) fail("swapTx.data outputToken", `the requested ${outputToken.address}`, d.outputToken);
  if (d.destinationChainId !== BigInt(Number(destination))) fail("swapTx.data destinationChainId", `the requested ${destination}`, d.destinationChainId);
  if (d.inputAmount !== answeredUint("inputAmount", quote.inputAmount)) fail("swapTx.data inputAmount", `the quote's input ${quote.inputAmount}`, d.inputAmount);
  const tradeType = request ? (request.tradeType ?? "exactInput") : undefined;
  const amount = request?.amount !== undefined ? answeredUint("request.amount", request.amount) : undefined;
  const named = request ? (request.recipient ?? depositor) : quote.recipient;
  if (typeof named !== "string" || !isAddress(named, { strict: false })) fail("recipient", "an address", named);
  const recipient = named as Address;

  const app = answeredObject("fees.app", answeredObject("fees", quote.fees).app);
  const payout = checkBridgePayout(d, { recipient, depositor, feeRecipient: answeredAddress("fees.app.recipient", app.recipient), ...(tradeType ? { tradeType } : {}) });
  checkBridgeAmounts(d, payout, {
    stated: {
      expectedOutputAmount: answeredUint("expectedOutputAmount", quote.expectedOutputAmount),
      minOutputAmount: answeredUint("minOutputAmount", quote.minOutputAmount),
      appFee: answeredUint("fees.app.amount", app.amount),
    },
    inputToken, outputToken, ...(tradeType ? { tradeType } : {}), ...(amount !== undefined ? { amount } : {}),
    ...(maxFeeBps !== undefined ? { maxFeeBps: BigInt(maxFeeBps) } : {}),
  });
  checkBridgeTiming(d, Math.floor(Date.now() / 1000), minFillWindowSeconds);

  const approvals = (quote.approvalTxns ?? []).map((approval, index): TransactionRequest => {
    const field = `approvalTxns[${index}]`;
    if (approval.chainId !== origin) fail(`${field}.chainId`, `the origin chain ${origin}`, approval.chainId);
    requireAddress(`${field}.to`, approval.to, inputToken.address, "the input token");
    const data = approval.data as Hex;
    let call;
    try {
      call = decodeFunctionData({ abi: erc20Abi, data });
    } catch {
      fail(`${field}.data`, "approve(spender, amount)", data);
    }
    if (call.functionName !== "approve" || encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: call.args }).toLowerCase() !== data.toLowerCase()) {
      fail(`${field}.data`, "exactly approve(spender, amount)", data);
    }
    const [spender, amount] = call.args;
    if (!isAddressEqual(spender, spokePool)) fail(`${field}.data spender`, `the SpokePool ${spokePool} the deposit calls`, spender);
    if (amount > d.inputAmount) fail(`${field}.data amount`, `at most the deposit's input ${d.inputAmount}`, amount);
    return { chainId: Number(origin), to: inputToken.address, data, value: 0n };
  });
  return { approvals, deposit: { chainId: Number(origin), to: spokePool, data: swapTx.data as Hex, value: 0n } };
}

/** The curated token a request (symbol or address) or a quote names on a chain. */
function curatedToken(field: string, chainId: number, named: unknown): { symbol: string; address: Address; decimals: number } {
  const tokens = CURATED_TOKENS[chainId] ?? [];
  const text = typeof named === "string" ? named : "";
  const token = isAddress(text, { strict: false })
    ? tokens.find((t) => isAddressEqual(t.address, text as Address))
    : tokens.find((t) => t.symbol.toLowerCase() === text.toLowerCase());
  if (!token) fail(field, `a token Sluice bridges on chain ${chainId}`, named);
  return token;
}
