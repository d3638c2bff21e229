/**
 * The origin transaction that refunded this expired, unfilled deposit, found on the origin chain itself, so that a
 * bridge protocol answering `expired` (or naming no refund, or a wrong one) cannot keep a refunded deposit `expired`.
 * Across refunds an expired deposit through a relayer refund leaf the origin SpokePool executes
 * (`ExecutedRelayerRefundRoot`, `chainId` indexed: the origin's own), paying the depositor the input amount in the
 * input token; a leaf carries no deposit id, so each candidate (a leaf of that token with an entry paying the depositor
 * exactly the input amount) is checked by `provesRefund`, which ties it as far as the chain can (see its comment).
 *
 * A refund comes after the fill deadline, so the search starts at the origin block of the deadline and goes forward in
 * pages of one log query, up to the origin's confirmed block, for at most `REFUND_SEARCH_MAX_PAGES` (the refund comes
 * in one of the next bundles, hours after the deadline; beyond the pages the answer is "not found", the caller's
 * `expired`, never a wrong refund). `windowSearched` says whether that whole window — every page, each full and
 * confirmed — was read: searching it again can find nothing new (the reconcile cron then checks the deposit rarely).
 */
import { isAddressEqual, type Address, type Hash, type PublicClient } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { blockPages } from "./blockPages.js";
import { findBlockAtTime } from "./findBlockAtTime.js";
import { provesRefund, refundRootAbi } from "./provesRefund.js";
import type { RelayData } from "./relayHashOf.js";
import { addressFromWord } from "./addressFromWord.js";

/** Blocks one log query covers: what most RPC providers accept. */
export const REFUND_SEARCH_PAGE_BLOCKS = 2_000n;
/** Pages one search reads at most: 100,000 blocks, about 2 days on Base, 7 hours on Arbitrum. */
export const REFUND_SEARCH_MAX_PAGES = 50;

export type FindRefundTransactionParameters = {
  client: PublicClient;
  spokePool: Address;
  relayData: RelayData;
  /** The deposit's own block. */
  depositBlock: bigint;
  /** The origin's confirmation depth (a refund's own block counts as 1). */
  confirmations: number;
  /** Pages read at most (default `REFUND_SEARCH_MAX_PAGES`; a partner's status request reads fewer). */
  maxPages?: number;
};

export type FindRefundTransactionReturnType = {
  /** The refund; undefined when none of it is in the blocks searched. */
  refundTx?: Hash;
  /** The whole search window (`maxPages` full pages from the deadline's block) is confirmed, and was read. */
  windowSearched: boolean;
};

/** Throws DEPENDENCY_DOWN when the origin does not answer. */
export async function findRefundTransaction(params: FindRefundTransactionParameters): Promise<FindRefundTransactionReturnType> {
  const { client, spokePool, relayData, depositBlock, confirmations, maxPages = REFUND_SEARCH_MAX_PAGES } = params;
  const depositor = addressFromWord(relayData.depositor);
  const inputToken = addressFromWord(relayData.inputToken);
  try {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const depth = BigInt(Math.max(confirmations, 1));
    if (head + 1n < depth) return { windowSearched: false };
    const confirmedBlock = head - depth + 1n;
    const atDeadline = await findBlockAtTime({ client, timestamp: BigInt(relayData.fillDeadline), upTo: confirmedBlock });
    const start = atDeadline > depositBlock ? atDeadline : depositBlock + 1n;
    const windowEnd = start + BigInt(maxPages) * REFUND_SEARCH_PAGE_BLOCKS - 1n;
    for (const [fromBlock, toBlock] of blockPages({ fromBlock: start, toBlock: confirmedBlock, pageBlocks: REFUND_SEARCH_PAGE_BLOCKS, maxPages })) {
      const leaves = await client.getContractEvents({
        address: spokePool, abi: refundRootAbi, eventName: "ExecutedRelayerRefundRoot", args: { chainId: relayData.originChainId },
        fromBlock, toBlock, strict: true,
      });
      const candidates = leaves.filter(({ args: e }) => isAddressEqual(e.l2TokenAddress, inputToken)
        && e.refundAddresses.some((to, i) => isAddressEqual(to, depositor) && e.refundAmounts[i] === relayData.inputAmount));
      for (const leaf of candidates) {
        if (await provesRefund({ client, spokePool, refundTx: leaf.transactionHash, relayData, depositBlock, confirmations })) {
          return { refundTx: leaf.transactionHash, windowSearched: false };
        }
      }
    }
    return { windowSearched: windowEnd <= confirmedBlock };
  } catch (error) {
    if (error instanceof SluiceError) throw error;
    throw new SluiceError("DEPENDENCY_DOWN", `The chain ${relayData.originChainId} RPC did not answer; retry shortly`, { cause: error });
  }
}
