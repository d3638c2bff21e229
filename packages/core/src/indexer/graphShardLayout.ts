import type { Address } from "viem";
import { decodePendingRow, decodePoolRow, decodeTokenRow, type RawGraphShard } from "./graphCodec.js";
import type { ChainGraph, IndexedPool } from "./graphTypes.js";
import { shardId, type GraphManifest, type GraphPart } from "./graphManifest.js";
import { shardIndexOf } from "./shardIndexOf.js";

/**
 * Where every pool and token of a full graph lives in the store, as last written or read: what an incremental write
 * starts from. Kept by the store for the graph object it read or wrote (never in module state).
 */
export type GraphShardLayout = {
  manifest: GraphManifest;
  /** The pools in part `r` (the routable universe) at that write. */
  routable: ReadonlySet<Address>;
  poolHome: Map<Address, string>;
  tokenHome: Map<Address, string>;
  members: Map<string, { pools: Set<Address>; tokens: Set<Address> }>;
  /**
   * The shards the graph holds, when it holds only some (`readForUpdate`: the routable part, then the shards `load`
   * added): `members`, `poolHome` and `tokenHome` cover only these, and a write may only rewrite these. Absent: all.
   */
  loaded?: Set<string>;
  /**
   * With `loaded`: the items of loaded shards the graph does not hold (yet), as their stored rows. They stay stored
   * where they are (a rewrite of their shard writes the rows back unchanged) until `decodeLoaded` adds one to the
   * graph, which a pass does for what it names.
   */
  raw?: RawGraphShard;
};

export type ShardCounts = Record<GraphPart, number>;

/** Where a pool or token of `part` lives. */
export const homeOf = (part: GraphPart, address: Address, counts: ShardCounts) => shardId(part, shardIndexOf(address, counts[part]));

/** Whether a token belongs to the routable part: it is held by at least one routable pool. */
export const isRoutableTokenHome = (graph: ChainGraph, routable: ReadonlySet<Address>, token: Address) =>
  (graph.poolsByToken.get(token) ?? []).some((pool) => routable.has(pool));

/**
 * Every pool and token of `graph` placed in its shard, for the given routable set and shard counts; with `loaded`,
 * `graph` holds only those shards (and only they get members).
 */
export function layoutGraphShards(graph: ChainGraph, routable: ReadonlySet<Address>, counts: ShardCounts, manifest: GraphManifest, loaded?: Set<string>): GraphShardLayout {
  const layout: GraphShardLayout = { manifest, routable, poolHome: new Map(), tokenHome: new Map(), members: new Map(), loaded };
  for (const part of ["r", "x"] as const) {
    for (let i = 0; i < counts[part]; i++) {
      const id = shardId(part, i);
      if (!loaded || loaded.has(id)) layout.members.set(id, { pools: new Set(), tokens: new Set() });
    }
  }
  const place = (kind: "pools" | "tokens", address: Address, home: string) => {
    (kind === "pools" ? layout.poolHome : layout.tokenHome).set(address, home);
    layout.members.get(home)![kind].add(address);
  };
  for (const address of graph.pools.keys()) place("pools", address, homeOf(routable.has(address) ? "r" : "x", address, counts));
  for (const address of graph.pending.keys()) place("pools", address, homeOf("x", address, counts));
  for (const address of graph.tokens.keys()) {
    place("tokens", address, homeOf(isRoutableTokenHome(graph, routable, address) ? "r" : "x", address, counts));
  }
  return layout;
}

/**
 * Adds a stored shard to a graph that holds only some (`GraphShardLayout.loaded`): the layout records its pools and
 * tokens as living there, which is where they are stored until the next write moves them; those the graph does not
 * hold (what the graph holds is newer than what is stored) are kept as rows (`GraphShardLayout.raw`), undecoded until
 * `decodeLoaded` names them.
 */
export function addLoadedShard(graph: ChainGraph, layout: GraphShardLayout, id: string, shard: RawGraphShard): void {
  const members = { pools: new Set<Address>(), tokens: new Set<Address>() };
  const raw = (layout.raw ??= { pools: new Map(), pending: new Map(), tokens: new Map() });
  const place = (address: Address, homes: Map<Address, string>, set: Set<Address>) => {
    if (homes.has(address)) return false; // placed elsewhere already (it moved there in memory)
    homes.set(address, id);
    set.add(address);
    return true;
  };
  for (const [address, row] of shard.pools) {
    if (place(address, layout.poolHome, members.pools) && !graph.pools.has(address) && !graph.pending.has(address)) raw.pools.set(address, row);
  }
  for (const [address, row] of shard.pending) {
    if (place(address, layout.poolHome, members.pools) && !graph.pools.has(address) && !graph.pending.has(address)) raw.pending.set(address, row);
  }
  for (const [address, row] of shard.tokens) {
    if (place(address, layout.tokenHome, members.tokens) && !graph.tokens.has(address)) raw.tokens.set(address, row);
  }
  layout.members.set(id, members);
  layout.loaded?.add(id);
}

/**
 * Adds to the graph the named pools and tokens that loaded shards hold as rows (`GraphShardLayout.raw`), decoded, and
 * lists the pools it gained in `poolsByToken`. What the graph already holds wins over a row.
 */
export function decodeLoaded(graph: ChainGraph, layout: GraphShardLayout, addresses: Iterable<Address>): void {
  const raw = layout.raw;
  if (!raw) return;
  const gained: IndexedPool[] = [];
  for (const address of addresses) {
    const pool = raw.pools.get(address);
    if (pool) {
      raw.pools.delete(address);
      if (!graph.pools.has(address) && !graph.pending.has(address)) {
        const decoded = decodePoolRow(pool);
        graph.pools.set(address, decoded);
        gained.push(decoded);
      }
    }
    const pending = raw.pending.get(address);
    if (pending) {
      raw.pending.delete(address);
      if (!graph.pools.has(address) && !graph.pending.has(address)) graph.pending.set(address, decodePendingRow(pending));
    }
    const token = raw.tokens.get(address);
    if (token) {
      raw.tokens.delete(address);
      if (!graph.tokens.has(address)) graph.tokens.set(address, decodeTokenRow(token));
    }
  }
  addPoolsByToken(graph, gained);
}

/**
 * Lists pools just added to a graph in its `poolsByToken`: a token's list is replaced by a new array (never changed
 * in place: quote-time memos are keyed by these arrays), once per token however many pools it gained.
 */
export function addPoolsByToken(graph: ChainGraph, pools: Iterable<IndexedPool>): void {
  const added = new Map<Address, Address[]>();
  for (const pool of pools) {
    for (const token of [pool.token0, pool.token1]) {
      const list = added.get(token);
      if (list) list.push(pool.address);
      else added.set(token, [pool.address]);
    }
  }
  for (const [token, list] of added) graph.poolsByToken.set(token, [...(graph.poolsByToken.get(token) ?? []), ...list]);
}
