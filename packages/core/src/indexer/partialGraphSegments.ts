import type { Address } from "viem";
import { logEvent } from "../observability/logEvent.js";
import { excludedPool } from "./excludeOversizedItems.js";
import { sanitizeTokenSymbol } from "./sanitizeTokenSymbol.js";
import { encodeGraphShard, type GraphShard } from "./graphCodec.js";
import type { ChainGraph, IndexedPool, IndexedToken, PendingPool } from "./graphTypes.js";
import { shardVersion } from "./shardVersion.js";

export type PartialGraphSegmentsParameters = {
  graph: ChainGraph;
  /** Only these pools (loaded or pending; absent ones are skipped) and tokens; absent: the whole graph. */
  changes?: { pools: Iterable<Address>; tokens: Iterable<Address> };
  /** No segment is larger (UTF-8 bytes). */
  maxSegmentBytes: number;
  /** The id of the first segment. */
  firstId: number;
  /** Where an item too large to store is reported (default `logEvent`). */
  log?: typeof logEvent;
};

export type PartialGraphSegment = { id: number; version: string; bytes: number; text: string };

/** Items a segment holds at most (about 400 KB of V2 pairs). */
const SEGMENT_ITEMS = 2_000;

/**
 * The segments a slice of a cold index stores (see `partialGraphStore`): the changed pools, pending pools and tokens
 * (or the whole graph) in `graphCodec` shards of at most 2,000 items and `maxSegmentBytes` each, split in halves
 * until they fit. Empty when nothing changed. A single pool or token larger than the limit (the writer's
 * `excludeOversizedItems` runs first, so only what it missed) never stops the write: a pool becomes an excluded
 * pending pool, a token keeps a sanitised symbol (both in the graph too, so the pool is not read again), and what
 * still does not fit is left out; each is logged as an error naming it.
 */
export function partialGraphSegments({ graph, changes, maxSegmentBytes, firstId, log = logEvent }: PartialGraphSegmentsParameters): PartialGraphSegment[] {
  const tokens: IndexedToken[] = [];
  const pools: (IndexedPool | PendingPool)[] = [];
  if (changes) {
    for (const address of new Set(changes.tokens)) {
      const token = graph.tokens.get(address);
      if (token) tokens.push(token);
    }
    for (const address of new Set(changes.pools)) {
      const pool = graph.pools.get(address) ?? graph.pending.get(address);
      if (pool) pools.push(pool);
    }
  } else {
    tokens.push(...graph.tokens.values());
    pools.push(...graph.pools.values(), ...graph.pending.values());
  }
  type Item = ({ token: IndexedToken } | { pool: IndexedPool | PendingPool }) & { replaced?: true };
  const items: Item[] = [...tokens.map((t) => ({ token: t })), ...pools.map((p) => ({ pool: p }))];
  const out: PartialGraphSegment[] = [];
  const encode = (from: number, to: number) => {
    const shard: GraphShard = { tokens: [], pools: [], pending: [] };
    for (let i = from; i < to; i++) {
      const item = items[i]!;
      if ("token" in item) shard.tokens.push(item.token);
      else if (graph.pools.get(item.pool.address) === item.pool) shard.pools.push(item.pool as IndexedPool);
      else shard.pending.push(item.pool as PendingPool);
    }
    const text = encodeGraphShard(shard);
    const { version, bytes } = shardVersion(text);
    if (bytes <= maxSegmentBytes) {
      out.push({ id: firstId + out.length, version, bytes, text });
      return;
    }
    if (to - from === 1) {
      const item = items[from]!;
      const name = "token" in item ? { token: item.token.address } : { pool: item.pool.address };
      if (item.replaced) {
        log("error", "graph item too large to store: left out", { chain: graph.chain, ...name, bytes, maxBytes: maxSegmentBytes });
        return;
      }
      log("error", "graph item too large to store: replaced", { chain: graph.chain, ...name, bytes, maxBytes: maxSegmentBytes });
      if ("token" in item) {
        const token = { ...item.token, symbol: sanitizeTokenSymbol(item.token.symbol) };
        graph.tokens.set(token.address, token);
        items[from] = { token, replaced: true };
      } else {
        const marker = excludedPool(item.pool);
        graph.pools.delete(marker.address);
        graph.pending.set(marker.address, marker);
        items[from] = { pool: marker, replaced: true };
      }
      encode(from, to);
      return;
    }
    const middle = from + Math.ceil((to - from) / 2);
    encode(from, middle);
    encode(middle, to);
  };
  // Chunks of at most SEGMENT_ITEMS items, each encoded on its own (and halved until it fits): a whole write (the
  // first slice, a compaction) never holds the whole graph as one string and its rows at once.
  for (let from = 0; from < items.length; from += SEGMENT_ITEMS) encode(from, Math.min(items.length, from + SEGMENT_ITEMS));
  return out;
}
