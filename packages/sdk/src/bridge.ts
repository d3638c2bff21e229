import type { Address, Hex, TransactionReceipt } from "viem";
import { SluiceTimeoutError } from "./errors.js";
import type { Requester } from "./http.js";
import type {
  BridgeChain, BridgeDeposit, BridgeQuote, BridgeQuoteRequest, BridgeToken, BridgeTrackRequest, OkAnswer,
} from "./types.js";
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
  /** Execute this quote (re-quoted if it has expired), or quote these parameters (`depositor` defaults to the wallet). */
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

export function createBridge(request: Requester) {
  const quote = async (params: BridgeQuoteParams, signal?: AbortSignal): Promise<BridgeQuote> =>
    (await request<OkAnswer<"postBridgeQuote">>("POST", "/api/v1/bridge/quote", { body: params, signal })).quote;

  const track = async (params: BridgeTrackRequest, signal?: AbortSignal): Promise<{ settlementId: string }> => {
    const answer = await request<OkAnswer<"postBridgeTrack">>("POST", "/api/v1/bridge/track", { body: params, signal });
    return { settlementId: answer.settlementId };
  };

  const status = async (ref: DepositRef, signal?: AbortSignal): Promise<BridgeDeposit> =>
    (await request<OkAnswer<"getBridgeStatus">>("GET", "/api/v1/bridge/status", { query: ref, signal })).deposit;

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
     * /bridge/track. A quote past its expiry is re-quoted first.
     */
    async execute(params: BridgeExecuteParams): Promise<BridgeExecuteResult> {
      const { walletClient, publicClient, signal } = params;
      const depositor = walletClient.account.address;
      let current = params.quote;
      if (!current || current.quoteExpiryTimestamp <= Math.floor(Date.now() / 1000)) {
        const requested: BridgeQuoteParams = current ? {
          originChainId: current.inputToken.chainId, destinationChainId: current.outputToken.chainId,
          inputToken: current.inputToken.address, outputToken: current.outputToken.address,
          amount: current.inputAmount, depositor, recipient: current.recipient,
        } : (() => {
          if (!params.params) throw new Error("bridge.execute needs a quote or the parameters to quote");
          return { ...params.params, depositor: params.params.depositor ?? depositor };
        })();
        current = await quote(requested, signal);
      }
      const originChainId = current.swapTx.chainId;
      requireWalletChain(walletClient, originChainId, "the bridge deposit");
      const reader = readerFor(walletClient, publicClient);
      const approvalTxHashes: Hex[] = [];
      for (const approval of current.approvalTxns) {
        const sent = await sendAndWait(walletClient, reader, { chainId: approval.chainId, to: approval.to as Address, data: approval.data as Hex, value: 0n }, "a bridge approval");
        approvalTxHashes.push(sent.txHash);
      }
      const deposit = await sendAndWait(walletClient, reader, {
        chainId: originChainId, to: current.swapTx.to as Address, data: current.swapTx.data as Hex, value: BigInt(current.swapTx.value),
      }, "the bridge deposit");
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
     * `refunded` — check `status`. Throws {@link SluiceTimeoutError} after `timeoutMs` (default 10 minutes).
     */
    async waitForFill(ref: DepositRef, options: WaitForFillOptions = {}): Promise<BridgeDeposit> {
      const deadline = Date.now() + (options.timeoutMs ?? 600_000);
      const interval = options.intervalMs ?? 2_000;
      for (;;) {
        options.signal?.throwIfAborted();
        const deposit = await status(ref, options.signal);
        if (deposit.status !== "pending") return deposit;
        if (Date.now() + interval > deadline) throw new SluiceTimeoutError(`the deposit ${JSON.stringify(ref)} is still pending`);
        await new Promise((resolve) => setTimeout(resolve, interval));
      }
    },
  };
}

export type SluiceBridge = ReturnType<typeof createBridge>;
