import type { Address, Hex, TransactionReceipt } from "viem";
import { isSluiceApiError, SluiceApiError, TRANSIENT_ERROR_CODES } from "./errors.js";
import { executorFor, type ExecutorOption } from "./executorFor.js";
import { expectedSwap } from "./expectedSwap.js";
import type { Requester } from "./http.js";
import { signRoutePermit } from "./permit.js";
import { PERMIT2_ADDRESS } from "./pinned.js";
import { verifyRoutePermit } from "./verifyRoutePermit.js";
import { verifyUserPaidTransaction } from "./verifyUserPaidTransaction.js";
import {
  chainIds,
  type ChainName, type ConfirmAnswer, type PermitTypedData, type RouteAnswer, type RouteQuote, type RouteRequest,
  type SolveAnswer, type SolveRequest, type SwapQuote, type SwapTransaction,
} from "./types.js";
import {
  approvalTransaction, readAllowance, readerFor, requireWalletChain, sendAndWait,
  type ChainReader, type SluiceWalletClient, type TransactionRequest,
} from "./wallet.js";

/** What /route takes: `from`, `to` (symbols or addresses), `amount` in human units, `chain`, and the optional fields. */
export type QuoteParams = RouteRequest;

/**
 * A quote. Below the chain's gasless minimum it is still a quote (`gaslessEligible: false`), with the permit to sign
 * for a user-paid swap; /route itself answers that case as the `Swap too small` failure.
 */
export type QuoteResult = {
  quote: RouteQuote;
  gaslessEligible: boolean;
  gaslessMinimumUsd: number;
  computeMs: number;
  /**
   * The Permit2 witness permit as the API answered it (absent where the chain has no executor), unverified:
   * `signRoutePermit` checks it against what you expect before signing; `swap` checks everything itself.
   */
  permit?: PermitTypedData;
  /** Why the swap is not gasless (the `Swap too small` message), when it is not. */
  notGaslessReason?: string;
};

export async function quote(request: Requester, params: QuoteParams, signal?: AbortSignal): Promise<QuoteResult> {
  try {
    const answer = await request<RouteAnswer>("POST", "/api/v1/route", { body: params, signal });
    return {
      quote: answer.quote, gaslessEligible: answer.gaslessEligible, gaslessMinimumUsd: answer.gaslessMinimumUsd, computeMs: answer.computeMs,
      ...(answer.permit ? { permit: answer.permit } : {}),
    };
  } catch (error) {
    if (isSluiceApiError(error, "SWAP_TOO_SMALL") && error.fields.quote) {
      const f = error.fields;
      return {
        quote: f.quote as RouteQuote, gaslessEligible: false, gaslessMinimumUsd: Number(f.gaslessMinimumUsd),
        computeMs: Number(f.computeMs ?? 0), notGaslessReason: error.message, ...(f.permit ? { permit: f.permit } : {}),
      };
    }
    throw error;
  }
}

export type SwapParams = QuoteParams & {
  /** The user's wallet: reads its allowance, signs the permit and, when needed, sends transactions. */
  walletClient: SluiceWalletClient;
  /** Reads the chain (allowance, receipts); default: the wallet client's own transport. */
  publicClient?: ChainReader;
  /** Maximum slippage in basis points (default 5): the permit's minimum output and /solve's bound. */
  slippageBps?: number;
  /** Encode only: Sluice sends nothing and nothing is sent from the wallet. */
  dryRun?: boolean;
  /**
   * When Permit2 may not yet move the input token: `"send"` (default) sends the one-time `approve(Permit2, max)` from
   * the wallet and goes on; `"return"` returns it unsent (`status: "approval-required"`) and swaps nothing.
   */
  approval?: "send" | "return";
  /**
   * How long a user-paid swap, once mined, is `/confirm`ed for (default 60 s): Sluice's node may see the transaction
   * later than the wallet's. Past it the swap is still `executed`, with `confirmationError`; call `confirm` later.
   */
  confirmTimeoutMs?: number;
  signal?: AbortSignal;
};

type SwapCommon = { quote: RouteQuote; chain: ChainName; user: Address; approvalTxHash?: Hex };

/** The one result of `swap`, by how it went. */
export type SwapResult =
  | (SwapCommon & { status: "approval-required"; approval: TransactionRequest })
  | (SwapCommon & { status: "dry-run"; solved: SwapQuote; transaction: SwapTransaction })
  | (SwapCommon & {
    status: "executed"; mode: "gasless"; txHash: Hex; receipt: TransactionReceipt; solved: SwapQuote; transaction: SwapTransaction;
  })
  | (SwapCommon & {
    status: "executed"; mode: "user-paid"; txHash: Hex; receipt: TransactionReceipt; solved: SwapQuote; transaction: SwapTransaction;
    /**
     * /confirm's answer: the volume is tracked (`executed` once the chain's confirmation depth is on top). Absent when
     * /confirm did not succeed within `confirmTimeoutMs` (then `confirmationError` says why): the swap happened all
     * the same — never swap again; call `confirm` later (safe to repeat) to track its volume.
     */
    confirmation?: ConfirmAnswer;
    confirmationError?: unknown;
  })
  | (SwapCommon & { status: "reverted"; mode: "gasless"; txHash: Hex; receipt: TransactionReceipt; solved: SwapQuote; transaction: SwapTransaction });

/**
 * The whole swap: /route (the quote and the permit), the Permit2 allowance (approved once per token), the user signs
 * the permit, /solve — gasless (Sluice's relayer sends it) or, below the chain's gasless minimum, the encode-only
 * transaction sent from the wallet (the user pays gas) and /confirm'ed — then the receipt. Before anything is approved,
 * signed or sent, the permit is verified against the request, the chain and the pinned constants (`verifyRoutePermit`),
 * and a user-paid transaction against the permit just signed: a difference throws `SluiceVerificationError`.
 */
export async function swap(request: Requester, params: SwapParams, options: { executor?: ExecutorOption; baseUrl: string }): Promise<SwapResult> {
  const { walletClient, publicClient, slippageBps, dryRun, approval = "send", confirmTimeoutMs = 60_000, signal, ...routeParams } = params;
  const user = walletClient.account.address;
  // The one contract this swap may sign for or be sent to: known before anything is asked of the API.
  const executor = executorFor(options.executor, routeParams.chain, options.baseUrl);
  const chainId = chainIds[routeParams.chain];
  await requireWalletChain(walletClient, chainId, `a swap on ${routeParams.chain}`);
  const reader = readerFor(walletClient, publicClient);

  const quoted = await quote(request, { ...routeParams, user, ...(slippageBps !== undefined ? { slippageBps } : {}) }, signal);
  if (!quoted.permit) throw new Error(`Sluice gave no permit to sign for this swap on ${routeParams.chain} (no executor on the chain)`);
  const permit = quoted.permit;
  const common: SwapCommon = { quote: quoted.quote, chain: routeParams.chain, user };

  // Nothing of the answer is trusted: the permit must be exactly what this request asks for (pinned Permit2 and
  // executor, the requested tokens and amount, a minimum within the slippage bound), or nothing is approved or signed.
  const expected = { chain: routeParams.chain, executor, ...await expectedSwap(reader, { ...routeParams, ...(slippageBps !== undefined ? { slippageBps } : {}) }, quoted) };
  const token = verifyRoutePermit(permit, { ...expected, user }).typedData.message.permitted.token;

  // Permit2 moves the input token only once the user has approved it (once per token, then every swap is a signature).
  if (await readAllowance(reader, token, user, PERMIT2_ADDRESS) < expected.amountIn) {
    const approve = approvalTransaction(chainId, token, PERMIT2_ADDRESS);
    if (approval === "return" || dryRun) return { ...common, status: "approval-required", approval: approve };
    common.approvalTxHash = (await sendAndWait(walletClient, reader, approve, "the Permit2 approval")).txHash;
  }

  const signed = await signRoutePermit(walletClient, permit, expected);
  const solveBody: SolveRequest = {
    ...routeParams, user, ...signed,
    ...(slippageBps !== undefined ? { slippageBps } : {}), ...(dryRun ? { dryRun } : {}),
  };
  let solved: SolveAnswer;
  try {
    solved = await request<SolveAnswer>("POST", "/api/v1/solve", { body: solveBody, signal });
  } catch (error) {
    const userPaid = error instanceof SluiceApiError && (error.code === "SWAP_TOO_SMALL" || error.code === "GASLESS_PAUSED");
    // A dry run sends nothing from the wallet whatever is answered (Sluice answers a dry run with the calldata).
    if (!userPaid || dryRun || !error.fields.transaction || !error.fields.quote) throw error;
    const transaction = error.fields.transaction;
    // Below the gasless minimum, or gasless paused for this owner: the user sends Sluice's calldata (and pays gas),
    // then /confirm credits the volume — once it is the executor's swap of exactly the permit just signed.
    const checked = verifyUserPaidTransaction(transaction, { chain: routeParams.chain, executor, user, signed });
    const sent = await sendAndWait(walletClient, reader, checked, "the user-paid swap");
    // Mined: from here on nothing throws, so no caller takes the swap for failed and swaps again.
    const confirmed = await confirmMined(request, { txHash: sent.txHash, chain: routeParams.chain }, confirmTimeoutMs, signal);
    return {
      ...common, status: "executed", mode: "user-paid", txHash: sent.txHash, receipt: sent.receipt,
      solved: error.fields.quote as SwapQuote, transaction, ...confirmed,
    };
  }
  if (!solved.transaction.txHash) return { ...common, status: "dry-run", solved: solved.quote, transaction: solved.transaction };
  const txHash = solved.transaction.txHash as Hex;
  const receipt = await reader.waitForTransactionReceipt({ hash: txHash });
  const base = { ...common, mode: "gasless" as const, txHash, receipt, solved: solved.quote, transaction: solved.transaction };
  return receipt.status === "success" ? { ...base, status: "executed" } : { ...base, status: "reverted" };
}

/** `POST /api/v1/confirm`: after a user-paid swap sent outside `swap` is mined. Safe to repeat. */
export function confirm(request: Requester, params: { txHash: Hex; chain: ChainName }, signal?: AbortSignal): Promise<ConfirmAnswer> {
  return request<ConfirmAnswer>("POST", "/api/v1/confirm", { body: params, signal });
}

/**
 * `/confirm` of a transaction the wallet has seen mined, asked again while Sluice's node may lag behind the wallet's
 * (`NOT_FOUND`: not propagated yet; `CONFLICT` while it still shows it pending; `DEPENDENCY_DOWN`, `UPSTREAM_ERROR`,
 * `RATE_LIMITED` after its `retryAfter`; a failed request), for at most `timeoutMs`. Never throws: a refusal that
 * asking again cannot change (the transaction is not this swap's, or reverted) or the time running out comes back as
 * `confirmationError`.
 */
async function confirmMined(
  request: Requester, params: { txHash: Hex; chain: ChainName }, timeoutMs: number, signal?: AbortSignal,
): Promise<{ confirmation: ConfirmAnswer } | { confirmationError: unknown }> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 1_000; ; wait = Math.min(wait * 2, 8_000)) {
    try {
      return { confirmation: await confirm(request, params, signal) };
    } catch (error) {
      const retryable = !(error instanceof SluiceApiError)
        || TRANSIENT_ERROR_CODES.has(error.code)
        || (error.code === "CONFLICT" && /still pending/.test(error.message))
        || (error.code === "INVALID_RESPONSE" && error.status >= 500);
      const delay = Math.max(wait, error instanceof SluiceApiError ? (error.retryAfter ?? 0) * 1000 : 0);
      if (!retryable || signal?.aborted || Date.now() + delay > deadline) return { confirmationError: error };
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
