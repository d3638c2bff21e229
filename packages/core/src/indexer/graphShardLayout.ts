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
   * With `loaded`: the `x` shards loaded, as their stored rows (`members`, `poolHome` and `tokenHome` list only what
   * the graph holds of them). A row stays undecoded — a rewrite of its shard writes it back as stored, unless its item
   * is placed elsewhere now — until `decodeLoaded` adds its item to the graph, which a pass does for what it names.
   */
  raw?: Map<string, RawGraphShard>;
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
 * Adds a stored `x` shard to a graph that holds only some (`GraphShardLayout.loaded`), as rows (`GraphShardLayout.raw`).
 * What the graph holds of it and has not placed is recorded as living there (it is stored there until the next write
 * moves it; the graph's is newer); the rest stays rows until `decodeLoaded` names it.
 */
export function addLoadedShard(graph: ChainGraph, layout: GraphShardLayout, id: string, shard: RawGraphShard): void {
  const members = { pools: new Set<Address>(), tokens: new Set<Address>() };
  const placeHeld = (address: Address, held: boolean, homes: Map<Address, string>, set: Set<Address>) => {
    if (held && !homes.has(address)) {
      homes.set(address, id);
      set.add(address);
    }
  };
  const heldPool = (address: Address) => graph.pools.has(address) || graph.pending.has(address);
  for (const row of shard.v2) placeHeld(row[0], heldPool(row[0]), layout.poolHome, members.pools);
  for (const row of shard.v3) placeHeld(row[0], heldPool(row[0]), layout.poolHome, members.pools);
  for (const row of shard.pending) placeHeld(row[0], heldPool(row[0]), layout.poolHome, members.pools);
  for (const row of shard.tokens) placeHeld(row[0], graph.tokens.has(row[0]), layout.tokenHome, members.tokens);
  layout.members.set(id, members);
  (layout.raw ??= new Map()).set(id, shard);
  layout.loaded?.add(id);
}

/** Removes and answers the row of `address` in `rows`, if there is one. */
function takeRow<Row extends [Address, ...unknown[]]>(rows: Row[], address: Address): Row | undefined {
  const i = rows.findIndex((row) => row[0] === address);
  return i < 0 ? undefined : rows.splice(i, 1)[0];
}

/** Whether a loaded shard still holds `address` as an undecoded pool (or pending pool) row. */
export function hasPoolRow(layout: GraphShardLayout, address: Address): boolean {
  const shard = layout.raw?.get(homeOf("x", address, { r: layout.manifest.shards.r.length, x: layout.manifest.shards.x.length }));
  return !!shard && (shard.v2.some((r) => r[0] === address) || shard.v3.some((r) => r[0] === address) || shard.pending.some((r) => r[0] === address));
}

/** Whether a loaded shard still holds `address` as an undecoded token row. */
export function hasTokenRow(layout: GraphShardLayout, address: Address): boolean {
  const shard = layout.raw?.get(homeOf("x", address, { r: layout.manifest.shards.r.length, x: layout.manifest.shards.x.length }));
  return !!shard && shard.tokens.some((r) => r[0] === address);
}

/**
 * Adds to the graph the named pools and tokens that loaded shards hold as rows (`GraphShardLayout.raw`), decoded and
 * placed in that shard (unless placed already), and lists the pools it gained in `poolsByToken`. What the graph
 * already holds wins over a row (the row is dropped, the graph's item placed there).
 */
export function decodeLoaded(graph: ChainGraph, layout: GraphShardLayout, addresses: Iterable<Address>): void {
  if (!layout.raw) return;
  const counts = { r: layout.manifest.shards.r.length, x: layout.manifest.shards.x.length };
  const gained: IndexedPool[] = [];
  const place = (address: Address, id: string, homes: Map<Address, string>, kind: "pools" | "tokens") => {
    if (homes.has(address)) return;
    homes.set(address, id);
    layout.members.get(id)![kind].add(address);
  };
  // A decoded pool names its tokens by the strings the graph already holds for them (see `addressInterner`).
  const intern = (token: Address) => graph.tokens.get(token)?.address ?? token;
  for (const address of addresses) {
    const id = homeOf("x", address, counts);
    const shard = layout.raw.get(id);
    if (!shard) continue;
    const pool = takeRow(shard.v2, address) ?? takeRow(shard.v3, address);
    const pending = pool ? undefined : takeRow(shard.pending, address);
    if (pool || pending) {
      if (!graph.pools.has(address) && !graph.pending.has(address)) {
        if (pool) {
          const decoded = decodePoolRow(pool, intern);
          graph.pools.set(address, decoded);
          gained.push(decoded);
        } else graph.pending.set(address, decodePendingRow(pending!, intern));
      }
      place(address, id, layout.poolHome, "pools"); // stored there: a write that moves it rewrites this shard
    }
    const token = takeRow(shard.tokens, address);
    if (token) {
      if (!graph.tokens.has(address)) graph.tokens.set(address, decodeTokenRow(token));
      place(address, id, layout.tokenHome, "tokens");
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
