import type { Address } from "viem";
import { isExcludedPool } from "./excludeOversizedItems.js";
import type { ChainGraph, PendingPool } from "./graphTypes.js";

/**
 * Pending pools that became readable in this pass: not excluded at `now`, both tokens known, and one of them among
 * `addedTokens` (the tokens whose metadata the pass just read). A pool deferred because its tokens' calls were left
 * unsettled (`addTokenMetadata`) had its creation logs in that earlier pass; a quiet pool may never log again, so it is
 * read whole here, when its tokens are finally known, instead of waiting for a log that may not come.
 */
export function pendingPoolsNowReadable(graph: ChainGraph, addedTokens: readonly Address[], now: number): PendingPool[] {
  if (addedTokens.length === 0) return [];
  const added = new Set(addedTokens);
  const readable: PendingPool[] = [];
  for (const pool of graph.pending.values()) {
    if (isExcludedPool(pool, now) || !graph.tokens.has(pool.token0) || !graph.tokens.has(pool.token1)) continue;
    if (added.has(pool.token0) || added.has(pool.token1)) readable.push(pool);
  }
  return readable;
}
