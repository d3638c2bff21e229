import type { Address } from "viem";
import { isFactoryEvent } from "./abis.js";
import type { IndexLog } from "./readIndexLogs.js";

/** New pools an incremental pass discovers at most before it ends (the rest are the next pass's). */
export const INDEX_MAX_NEW_POOLS_PER_PASS = 64;

/**
 * Why: each pool a pass discovers costs reads the log query's budget does not bound — a new V3 pool's whole tick bitmap
 * (about one lens call of 25 M gas for a 1-spaced pool), its tokens' metadata — and anyone can create pools through a
 * factory. A thousand new pools in one pass (about $100 on an L2) would spend past a Worker's subrequests and fail the
 * pass every run. So a pass keeps the creations of whole blocks up to `max` (always its first block: a block's
 * creations are bounded by its gas, about 2 M a pool) and ends at the last block it keeps; the next pass continues
 * there, as past the pass's log bound. Cuts `logs` (chain order, the pass's own) in place and answers the block to end
 * at, or undefined when they are within the bound.
 */
export function cutAtPoolCreations(logs: IndexLog[], factories: readonly Address[], max = INDEX_MAX_NEW_POOLS_PER_PASS): bigint | undefined {
  const isFactory = new Set(factories.map((a) => a.toLowerCase()));
  let created = 0;
  const over = logs.find((log) => isFactory.has(log.address) && isFactoryEvent(log.eventName) && ++created > max);
  if (!over) return undefined;
  const end = over.blockNumber === logs[0]!.blockNumber ? over.blockNumber : over.blockNumber - 1n;
  const past = logs.findIndex((log) => log.blockNumber > end);
  if (past !== -1) logs.length = past;
  return end;
}
