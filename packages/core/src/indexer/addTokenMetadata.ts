import type { Address, PublicClient } from "viem";
import { excludedPool, isExcludedPool } from "./excludeOversizedItems.js";
import type { ChainGraph } from "./graphTypes.js";
import type { IndexBudget } from "./indexBudget.js";
import { readTokenMetadata } from "./readTokenMetadata.js";

export type AddTokenMetadataParameters = { graph: ChainGraph; client: PublicClient; budget?: IndexBudget; /** Default `Date.now()`: when exclusions expire. */ now?: number };

/** The tokens added, the pools dropped, and the pools deferred (a token of theirs left unsettled; still pending). */
export type AddTokenMetadataReturnType = { added: Address[]; dropped: Address[]; deferred: Address[] };

/**
 * Reads the metadata of every token a pending pool holds that the graph does not know yet (at the latest block) and
 * adds it; a pending pool whose token has none (its `decimals()` reverts or answers no valid decimals:
 * `readTokenMetadata`) cannot be quoted and is dropped. A failed request throws before anything is dropped: the pools
 * stay pending and the slice is read again. A pool one of whose tokens was left unsettled (the request bound of
 * `aggregateSettled`, gas burners sharing the batch) and none failed is deferred, not dropped: a pool is discovered
 * once, at its creation, so dropping it on no verdict let anyone with a few burner tokens keep an honest new token out
 * of the index for good. Deferred means excluded (`PendingPool.excluded`, now): its tokens are read again once the
 * exclusion expires (`EXCLUDED_POOL_RETRY_MS`), in a later pass, not every pass (the burners are deferred too, and
 * each try costs up to the bound's requests); its next log then reads it whole, as an expired exclusion's. Each try
 * settles some calls, so burners are dropped in the end and the honest tokens added. Excluded pools (not expired) are
 * left as they are. Returns the tokens added, the pools dropped and the pools deferred.
 */
export async function addTokenMetadata({ graph, client, budget, now = Date.now() }: AddTokenMetadataParameters): Promise<AddTokenMetadataReturnType> {
  const unknown = new Set<Address>();
  for (const p of graph.pending.values()) if (!isExcludedPool(p, now)) for (const t of [p.token0, p.token1]) if (!graph.tokens.has(t)) unknown.add(t);
  if (unknown.size === 0) return { added: [], dropped: [], deferred: [] };
  const { metadata, unsettled } = await readTokenMetadata(client, [...unknown], { budget });
  for (const m of metadata) graph.tokens.set(m.address, { ...m, quality: null, lastTradeAt: null });
  const open = new Set(unsettled);
  const dropped: Address[] = [];
  const deferred: Address[] = [];
  for (const [address, p] of graph.pending) {
    if (isExcludedPool(p, now) || (graph.tokens.has(p.token0) && graph.tokens.has(p.token1))) continue;
    // Dropped only on a verdict: one of its tokens was read and has no metadata.
    if ([p.token0, p.token1].every((t) => graph.tokens.has(t) || open.has(t))) {
      graph.pending.set(address, excludedPool(p, now));
      deferred.push(address);
      continue;
    }
    graph.pending.delete(address);
    dropped.push(address);
  }
  return { added: metadata.map((m) => m.address), dropped, deferred };
}
