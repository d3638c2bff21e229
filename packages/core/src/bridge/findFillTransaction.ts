/**
 * The transaction that filled this relay, found on the destination chain itself: the SpokePool's `FilledRelay` logs of
 * the deposit's origin chain and id (both indexed), matched on every term of the relay (`isFillOf`). Used when the
 * destination shows the relay filled but the bridge protocol has not named (or misnamed) its fill, so a `filled` answer
 * still carries the chain's own fill transaction — however long ago the fill was: a search only of the blocks just
 * under the head would lose a fill minutes old on a fast chain (2,000 blocks are about 8 minutes on Arbitrum), and the
 * deposit would then stay `pending` with its volume never recorded.
 *
 * So, after the page just under the confirmed block (a fill just seen, the usual case of a status poll: one query),
 * the search starts at the destination block of the deposit's time (a relayer fills after the deposit it is repaid
 * for; `FILL_CLOCK_SLACK_SECONDS` absorbs the two chains' clocks disagreeing) and goes forward in pages of one log
 * query each, where fills are (seconds after the deposit, as a rule), up to that page. The pages are bounded
 * (`FILL_SEARCH_MAX_PAGES`): beyond them the answer is "not found yet", the caller's `pending`, never a wrong fill.
 */
import type { Address, Hash, PublicClient } from "viem";
import { blockPages } from "./blockPages.js";
import { findBlockAtTime } from "./findBlockAtTime.js";
import { filledRelayAbi, isFillOf, isUpdatedFill, type FillMatch } from "./provesFill.js";
import type { RelayData } from "./relayHashOf.js";

/** Blocks one log query covers: what most RPC providers accept. */
export const FILL_SEARCH_PAGE_BLOCKS = 2_000n;
/** Pages one search reads at most: 200,000 blocks, about 14 hours on Arbitrum, past the fill deadlines Across quotes. */
export const FILL_SEARCH_MAX_PAGES = 100;
/** How much earlier than the deposit's origin time a fill's destination time may be: the chains' clocks differ. */
export const FILL_CLOCK_SLACK_SECONDS = 600n;

export type FindFillTransactionParameters = {
  client: PublicClient;
  spokePool: Address;
  relayData: RelayData;
  /** The block the fill status was read at (`readFillState`): the fill is in it or under it. */
  confirmedBlock: bigint;
  /** The origin block time of the deposit (unix seconds): the fill is after it. */
  depositTimestamp: bigint;
  /** Pages read at most after the first (default `FILL_SEARCH_MAX_PAGES`; a partner's status request reads fewer). */
  maxPages?: number;
};

/** The fill (`FillMatch`); undefined when no such fill is in the blocks searched. Throws when the chain does not answer. */
export async function findFillTransaction({ client, spokePool, relayData, confirmedBlock, depositTimestamp, maxPages = FILL_SEARCH_MAX_PAGES }: FindFillTransactionParameters): Promise<FillMatch | undefined> {
  const fillIn = async (fromBlock: bigint, toBlock: bigint) => {
    const logs = await client.getContractEvents({
      address: spokePool, abi: filledRelayAbi, eventName: "FilledRelay",
      args: { originChainId: relayData.originChainId, depositId: relayData.depositId },
      fromBlock, toBlock, strict: true,
    });
    const fill = logs.find((log) => isFillOf(log.args, relayData));
    return fill && { fillTx: fill.transactionHash as Hash, updated: isUpdatedFill(fill.args, relayData) };
  };
  const recent = confirmedBlock >= FILL_SEARCH_PAGE_BLOCKS ? confirmedBlock - FILL_SEARCH_PAGE_BLOCKS + 1n : 0n;
  const justSeen = await fillIn(recent, confirmedBlock);
  if (justSeen || recent === 0n) return justSeen;
  const since = depositTimestamp > FILL_CLOCK_SLACK_SECONDS ? depositTimestamp - FILL_CLOCK_SLACK_SECONDS : 0n;
  const start = await findBlockAtTime({ client, timestamp: since, upTo: recent - 1n });
  for (const [fromBlock, toBlock] of blockPages({ fromBlock: start, toBlock: recent - 1n, pageBlocks: FILL_SEARCH_PAGE_BLOCKS, maxPages })) {
    const fill = await fillIn(fromBlock, toBlock);
    if (fill) return fill;
  }
  return undefined;
}
