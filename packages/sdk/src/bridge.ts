import type { Address, Hex, TransactionReceipt } from "viem";
import { SluiceApiError, SluiceTimeoutError, TRANSIENT_ERROR_CODES } from "./errors.js";
import type { Requester } from "./http.js";
import type {
  BridgeChain, BridgeDeposit, BridgeQuote, BridgeQuoteRequest, BridgeToken, BridgeTrackRequest, OkAnswer,
} from "./types.js";
import { verifyBridgeQuote } from "./verifyBridgeQuote.js";
import { readerFor, requireWalletChain, sendAndWait, type ChainReader, type SluiceWalletClient } from "./wallet.js";

/** What /bridge/quote takes; `tradeType` and `slippage` have server defaults (`exactInput`, `"auto"`). */
export type BridgeQuoteParams = Omit<BridgeQuoteRequest, "tradeType" | "slippage"> & Partial<Pick<BridgeQuoteRequest, "tradeType" | "slippage">>;

/** A deposit to look up: by its origin transaction, or by origin chain and deposit id. */
export type DepositRef = { depositTxnRef: Hex | string } | { originChainId: number; depositId: string };

export type BridgeExecuteParams = {
  /** The depositor's wallet, on the origin chain. */
  walletClient: SluiceWalletClient;
  /** Reads the origin chain (receipts); default: the wallet client's own transport. */
  publicClient?: ChainReader;
  /**
   * Execute this quote, or quote these parameters (`depositor` defaults to the wallet). An expired quote is quoted again
   * on the same terms: `params` when given, else the request this client quoted it with.
   */
  quote?: BridgeQuote;
  params?: Omit<BridgeQuoteParams, "depositor"> & { depositor?: Address };
  /** Register the deposit with /bridge/track (default true): Sluice reconciles its status and attributes the volume. */
  track?: boolean;
  signal?: AbortSignal;
};

export type BridgeExecuteResult = {
  quote: BridgeQuote;
  /** The approvals sent first (none when the allowance already sufficed). */
  approvalTxHashes: Hex[];
  depositTxHash: Hex;
  receipt: TransactionReceipt;
  /** /bridge/track's settlement, unless `track: false`. */
  settlementId?: string;
};

export type WaitForFillOptions = { timeoutMs?: number; intervalMs?: number; signal?: AbortSignal };

/**
 * The request each quote this client made answered, kept beside the quote (never sent): an expired quote is quoted
 * again on the same terms (its trade type and slippage are not in the answer).
 */
const quoteRequests = new WeakMap<BridgeQuote, BridgeQuoteParams>();

export function createBridge(request: Requester, { minFillWindowSeconds, maxFeeBps }: { minFillWindowSeconds?: number | undefined; maxFeeBps?: number | undefined } = {}) {
  const quote = async (params: BridgeQuoteParams, signal?: AbortSignal): Promise<BridgeQuote> => {
    const answered = (await request<OkAnswer<"postBridgeQuote">>("POST", "/api/v1/bridge/quote", { body: params, signal })).quote;
    quoteRequests.set(answered, { ...params });
    return answered;
  };

  const track = async (params: BridgeTrackRequest, signal?: AbortSignal): Promise<{ settlementId: string }> => {
    const answer = await request<OkAnswer<"postBridgeTrack">>("POST", "/api/v1/bridge/track", { body: params, signal });
    return { settlementId: answer.settlementId };
  };

  const status = async (ref: DepositRef, signal?: AbortSignal): Promise<BridgeDeposit> =>
    (await request<OkAnswer<"getBridgeStatus">>("GET", "/api/v1/bridge/status", { query: ref, signal })).deposit;

  // Interface §4: at or past the expiry the deposit is not signed (the expiry already leaves time for its inclusion).
  const expired = (q: BridgeQuote) => q.quoteExpiryTimestamp <= Math.floor(Date.now() / 1000);

  return {
    /** The chains Sluice bridges between. */
    chains: async (signal?: AbortSignal): Promise<BridgeChain[]> =>
      (await request<OkAnswer<"getBridgeChains">>("GET", "/api/v1/bridge/chains", { signal })).chains,
    /** The curated bridgeable tokens of a chain. */
    tokens: async (chainId: number, signal?: AbortSignal): Promise<BridgeToken[]> =>
      (await request<OkAnswer<"getBridgeTokens">>("GET", "/api/v1/bridge/tokens", { query: { chainId }, signal })).tokens,
    /** A validated quote: the approvals and the deposit for the depositor's wallet, every transaction checked by Sluice. */
    quote,
    /**
     * Sends the quote's approvals, then the deposit, from the wallet (each waited for), and registers the deposit with
     * /bridge/track. A quote at or past its expiry — before the approvals, or after them, right before the deposit — is
     * quoted again on the same terms (the request this client quoted it with, or `params`); one made for another
     * depositor than the wallet is refused (its deposit would refund that depositor). Before anything is sent, each
     * transaction is checked against that request (else the quote's own terms) and the pinned Across SpokePool:
     * `SluiceVerificationError` when one differs.
     */
    async execute(params: BridgeExecuteParams): Promise<BridgeExecuteResult> {
      const { walletClient, publicClient, signal } = params;
      const depositor = walletClient.account.address;
      const requestOf = (q: BridgeQuote | undefined): BridgeQuoteParams => {
        if (params.params) return { ...params.params, depositor: params.params.depositor ?? depositor };
        if (!q) throw new Error("bridge.execute needs a quote or the parameters to quote");
        const asked = quoteRequests.get(q);
        if (!asked) throw new Error("bridge.execute: the quote has expired and was not made by this client; pass `params` to quote it again on the same terms");
        return asked;
      };
      let current = params.quote && !expired(params.quote) ? params.quote : await quote(requestOf(params.quote), signal);
      const approvalTxHashes: Hex[] = [];
      let reader: ChainReader | undefined;
      let checked: ReturnType<typeof verifyBridgeQuote>;
      // Approvals wait for their receipts: the quote may expire meanwhile, and is then quoted again (the approvals
      // already mined stay; the new quote asks only for what is still missing).
      for (let attempt = 0; ; attempt++) {
        if (current.refundAddress.toLowerCase() !== depositor.toLowerCase()) {
          throw new Error(`bridge.execute: the quote was made for depositor ${current.refundAddress}, not for the wallet's ${depositor} (its deposit would refund that depositor): quote again for this wallet`);
        }
        // Nothing is sent unless every transaction is the one the request asks for (SpokePool, tokens, depositor, amounts).
        const asked = params.params ? { ...params.params, depositor: params.params.depositor ?? depositor } : quoteRequests.get(current);
        checked = verifyBridgeQuote(current, {
          depositor, ...(asked ? { request: asked } : {}),
          ...(minFillWindowSeconds !== undefined ? { minFillWindowSeconds } : {}),
          ...(maxFeeBps !== undefined ? { maxFeeBps } : {}),
        });
        await requireWalletChain(walletClient, checked.deposit.chainId, "the bridge deposit");
        reader ??= readerFor(walletClient, publicClient);
        for (const approval of checked.approvals) {
          approvalTxHashes.push((await sendAndWait(walletClient, reader, approval, "a bridge approval")).txHash);
        }
        if (!expired(current)) break;
        if (attempt >= 2) throw new Error("bridge.execute: each quote expired before its approvals were mined; try again");
        current = await quote(requestOf(current), signal);
      }
      const originChainId = checked.deposit.chainId;
      const deposit = await sendAndWait(walletClient, reader, checked.deposit, "the bridge deposit");
      const result: BridgeExecuteResult = { quote: current, approvalTxHashes, depositTxHash: deposit.txHash, receipt: deposit.receipt };
      if (params.track !== false) {
        result.settlementId = (await track({
          originChainId, destinationChainId: current.outputToken.chainId, depositor, recipient: current.recipient,
          inputToken: current.inputToken.address, outputToken: current.outputToken.address,
          amountInRaw: current.inputAmount, expectedOutRaw: current.expectedOutputAmount, quoteId: current.id,
          originTxHash: deposit.txHash,
        }, signal)).settlementId;
      }
      return result;
    },
    /** Registers a submitted deposit (sent outside `execute`) for status reconciliation and volume attribution. */
    track,
    /** A deposit's status as the chains show it: `pending`, `filled`, `expired` or `refunded`. */
    status,
    /**
     * Polls the deposit's status until it leaves `pending` and returns it: `filled` (with `fillTx`), or `expired` /
     * `refunded` — check `status`. A deposit not known yet (`NOT_FOUND`, right after it is sent) and answers worth
     * asking again (`UPSTREAM_ERROR`, `DEPENDENCY_DOWN`, `RATE_LIMITED`, after its `retryAfter`) keep it polling.
     * Throws {@link SluiceTimeoutError} after `timeoutMs` (default 10 minutes).
     */
    async waitForFill(ref: DepositRef, options: WaitForFillOptions = {}): Promise<BridgeDeposit> {
      const deadline = Date.now() + (options.timeoutMs ?? 600_000);
      const interval = options.intervalMs ?? 2_000;
      for (;;) {
        options.signal?.throwIfAborted();
        let wait = interval;
        let pending = "still pending";
        try {
          const deposit = await status(ref, options.signal);
          if (deposit.status !== "pending") return deposit;
        } catch (error) {
          // Right after the deposit the protocol may not know it yet (NOT_FOUND); an upstream or rate-limit answer
          // is asked again too. Anything else (a malformed reference, a bad key) ends the wait.
          if (!(error instanceof SluiceApiError) || !TRANSIENT_ERROR_CODES.has(error.code)) throw error;
          wait = Math.max(interval, (error.retryAfter ?? 0) * 1000);
          pending = `not settled yet (last answer: ${error.code}: ${error.message})`;
        }
        if (Date.now() + wait > deadline) throw new SluiceTimeoutError(`the deposit ${JSON.stringify(ref)} is ${pending}`);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
  };
}

export type SluiceBridge = ReturnType<typeof createBridge>;
