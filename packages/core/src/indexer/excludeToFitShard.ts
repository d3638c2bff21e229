import type { Address } from "viem";
import { logEvent } from "../observability/logEvent.js";
import { excludedPool } from "./excludeOversizedItems.js";
import type { ChainGraph } from "./graphTypes.js";

/** One item a shard stores, with its UTF-8 bytes as stored (its row and a comma); `pool`: an indexed pool, excludable. */
export type ShardItem = { address: Address; bytes: number; pool?: true };

export type ExcludeToFitShardParameters = {
  graph: ChainGraph;
  /** The shard's id (for the log). */
  shard: string;
  /** Every item the shard would store, as measured. */
  items: readonly ShardItem[];
  /** Whether the items kept can be stored (at this shard count or, for a write that can re-shard, a larger one). */
  fits: (kept: readonly ShardItem[]) => boolean;
  /**
   * Whether a pool's excluded marker can be stored (default: always). A graph read for update holds only some `x`
   * shards; a routable pool whose `x` shard it does not hold is removed from the graph without a marker instead.
   */
  markerStored?: (pool: Address) => boolean;
  maxValueBytes: number;
  log?: typeof logEvent;
};

/**
 * The guard against pools stacked in one shard: pool addresses can be ground (a CREATE2 pool's address follows from
 * its tokens, and an attacker chooses its junk tokens'), so several pools just under the per-item cap
 * (`excludeOversizedItems`) can share a shard's address bits and pass the value limit together, where no re-sharding
 * separates them. Excludes the shard's largest pools, one at a time, until `fits`: each becomes an excluded pending
 * pool (`PendingPool.excluded`, stored, so it is not read again until the exclusion expires), logged as an error naming
 * it. At least one pool is excluded (the caller saw the shard fail). The graph is changed in place; answers the pools
 * excluded, largest first.
 *
 * Routability is not weighed: a shard holds routable pools only (part `r`) or none (part `x`).
 */
export function excludeToFitShard({ graph, shard, items, fits, markerStored = () => true, maxValueBytes, log = logEvent }: ExcludeToFitShardParameters): Address[] {
  const shardBytes = items.reduce((n, item) => n + item.bytes, 0);
  const candidates = items.filter((item) => item.pool && graph.pools.has(item.address)).sort((a, b) => b.bytes - a.bytes || (a.address < b.address ? -1 : 1));
  const kept = new Map(items.map((item) => [item.address, item]));
  const excluded: { item: ShardItem; stored: boolean }[] = [];
  for (const item of candidates) {
    const stored = markerStored(item.address);
    const marker = excludedPool(graph.pools.get(item.address)!);
    if (stored) kept.set(item.address, { address: item.address, bytes: JSON.stringify(Object.values(marker)).length + 1 });
    else kept.delete(item.address);
    excluded.push({ item, stored });
    if (fits([...kept.values()])) break;
  }
  for (const { item, stored } of excluded) {
    const pool = graph.pools.get(item.address)!;
    graph.pools.delete(item.address);
    if (stored) graph.pending.set(item.address, excludedPool(pool));
    // New arrays, never changed in place: quote-time memos are keyed by them.
    for (const token of [pool.token0, pool.token1]) {
      const list = graph.poolsByToken.get(token);
      if (list) graph.poolsByToken.set(token, list.filter((a) => a !== item.address));
    }
    log("error", "pool excluded from the index: its shard would pass the value limit", {
      chain: graph.chain, pool: item.address, shard, bytes: item.bytes, shardBytes, maxBytes: maxValueBytes, ...(!stored && { stored: false }),
    });
  }
  return excluded.map(({ item }) => item.address);
}
