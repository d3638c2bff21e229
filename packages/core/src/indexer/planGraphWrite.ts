import type { Address } from "viem";
import type { logEvent } from "../observability/logEvent.js";
import { encodeGraphShard, type GraphShard, type RawGraphShard } from "./graphCodec.js";
import { shardId, type GraphManifest, type GraphPart } from "./graphManifest.js";
import { decodeLoaded, hasPoolRow, hasTokenRow, homeOf, isRoutableTokenHome, layoutGraphShards, type GraphShardLayout, type ShardCounts } from "./graphShardLayout.js";
import type { ChainGraph } from "./graphTypes.js";
import { excludeToFitShard, type ShardItem } from "./excludeToFitShard.js";
import { shardIndexOf } from "./shardIndexOf.js";
import { shardVersion } from "./shardVersion.js";

/** What an indexing pass changed: pools re-read, created or dropped, and tokens whose metadata changed. */
export type GraphChanges = { pools: Iterable<Address>; tokens: Iterable<Address> };

export type PlanGraphWriteParameters = {
  graph: ChainGraph;
  routable: ReadonlySet<Address>;
  /** With `previous`: only the shards holding these (and pools or tokens that changed part) are re-encoded. */
  changed?: GraphChanges;
  /** The layout the graph was read or last written with (incremental); absent: every shard is encoded. */
  previous?: GraphShardLayout;
  /**
   * With `previous`: the pools whose routability differs from `previous.routable` (`routabilityChanges`), when the
   * caller has them already; computed otherwise.
   */
  routabilityChanged?: readonly Address[];
  /** The manifest in the store (a full write rewrites only shards whose version differs, and keeps its counts). */
  stored?: GraphManifest | null;
  itemsPerShard: number;
  /** Items aimed at per shard of part `x` (default `itemsPerShard`). */
  xItemsPerShard?: number;
  maxValueBytes: number;
  /** Where the error line naming a pool excluded to fit a shard goes (`excludeToFitShard`; default `logEvent`). */
  log?: typeof logEvent;
};

export type ShardWrite = { id: string; version: string; text: string };

export type PlanGraphWriteReturnType = {
  manifest: GraphManifest;
  layout: GraphShardLayout;
  /** Shards to store (new versions). */
  writes: ShardWrite[];
  /** Shards the new manifest no longer names (their keys can expire). */
  retired: { id: string; version: string }[];
  /** Shards encoded to find the writes (cost). */
  encoded: number;
};

const PARTS: GraphPart[] = ["r", "x"];

/** A write that would lose stored content: a graph holding only some shards cannot be written whole. */
export class PartialGraphWriteError extends Error {
  override name = "PartialGraphWriteError";
  constructor(chain: string, hint: string) {
    super(`graph ${chain}: ${hint}`);
  }
}
const pow2 = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(1, n)));

/**
 * Plans a write of a full indexed graph into shards (see `shardedGraphStore`): incremental when the graph's previous
 * layout and its changes are known — only shards holding a changed pool or token, or one whose part changed
 * (routability), are re-encoded — else every shard. A shard is written only when its content version changed; if
 * one would exceed `maxValueBytes`, that part's shard count doubles and every shard is re-planned — unless no doubling
 * would split it (pools ground to share its address bits), and always in a graph holding only some shards (which
 * cannot re-shard): then its largest pools are excluded until it fits (`excludeToFitShard`; the graph is changed).
 */
export function planGraphWrite(p: PlanGraphWriteParameters): PlanGraphWriteReturnType {
  if (p.previous?.loaded && !p.changed) throw new PartialGraphWriteError(p.graph.chain, "a graph holding only some shards is written only incrementally (pass `changed`)");
  let plan = p.previous && p.changed ? planIncremental(p, p.previous, p.changed) : null;
  if (!plan && p.previous?.loaded) {
    throw new PartialGraphWriteError(p.graph.chain, "a shard would exceed the value limit, and a graph holding only some shards cannot re-shard; re-index the chain (the cold index sizes its shards afresh)");
  }
  plan ??= p.previous && p.changed ? planFull(p, p.previous.manifest, grow(p.previous.manifest)) : planFull(p, p.stored ?? null, undefined);
  // A key the new manifest names is never retired (an empty shard, say, has the same version under every count).
  const named = new Set((["r", "x"] as const).flatMap((part) => plan.manifest.shards[part].map(([version], i) => `${shardId(part, i)}:${version}`)));
  plan.retired = plan.retired.filter((r) => !named.has(`${r.id}:${r.version}`));
  return plan;
}

function countsOf(manifest: GraphManifest): ShardCounts {
  return { r: manifest.shards.r.length, x: manifest.shards.x.length };
}

/** The counts of a manifest with every part that has a shard at the size limit doubled (all parts when unknown). */
function grow(manifest: GraphManifest): ShardCounts {
  const counts = countsOf(manifest);
  return { r: counts.r * 2, x: counts.x * 2 };
}

function newManifest(graph: ChainGraph, counts: ShardCounts, from: GraphManifest | null): GraphManifest {
  const same = from && from.shards.r.length === counts.r && from.shards.x.length === counts.x;
  return {
    v: 3, chain: graph.chain, chainId: graph.chainId, block: graph.block.toString(), ts: graph.blockTimestamp,
    shards: same ? { r: [...from.shards.r], x: [...from.shards.x] } : { r: Array.from({ length: counts.r }, () => ["", 0]), x: Array.from({ length: counts.x }, () => ["", 0]) },
  };
}

/**
 * A shard's content: the graph's items placed there, and, for a loaded shard, the rows still undecoded
 * (`GraphShardLayout.raw`) of items placed nowhere (one placed elsewhere moved there in memory).
 */
function shardOf(graph: ChainGraph, layout: GraphShardLayout, id: string): { shard: GraphShard; raw?: RawGraphShard } {
  const m = layout.members.get(id)!;
  const shard: GraphShard = { tokens: [], pools: [], pending: [] };
  for (const a of m.pools) {
    const pool = graph.pools.get(a);
    if (pool) shard.pools.push(pool);
    else {
      const pending = graph.pending.get(a);
      if (pending) shard.pending.push(pending);
    }
  }
  for (const a of m.tokens) {
    const token = graph.tokens.get(a);
    if (token) shard.tokens.push(token);
  }
  const rows = layout.raw?.get(id);
  if (!rows) return { shard };
  const unplacedPool = (row: [Address, ...unknown[]]) => !layout.poolHome.has(row[0]);
  return {
    shard,
    raw: { v2: rows.v2.filter(unplacedPool), v3: rows.v3.filter(unplacedPool), pending: rows.pending.filter(unplacedPool), tokens: rows.tokens.filter((row) => !layout.tokenHome.has(row[0])) },
  };
}

/** Encodes the given shards into the manifest; the first one too large, if any. */
function encodeInto(p: PlanGraphWriteParameters, layout: GraphShardLayout, ids: Iterable<string>, from: GraphManifest | null, out: PlanGraphWriteReturnType): string | undefined {
  for (const id of ids) {
    const part = id[0] as GraphPart;
    const index = Number(id.slice(1));
    const { shard, raw } = shardOf(p.graph, layout, id);
    const text = encodeGraphShard(shard, raw);
    out.encoded++;
    const { version, bytes } = shardVersion(text);
    if (bytes > p.maxValueBytes) return id;
    const before = out.manifest.shards[part][index]!;
    if (before[0] === version) continue;
    if (before[0] !== "") out.retired.push({ id, version: before[0] });
    out.manifest.shards[part][index] = [version, bytes];
    out.writes.push({ id, version, text });
  }
  // A full plan with new counts: every shard of the old manifest is gone.
  if (from && from !== out.manifest && (from.shards.r.length !== out.manifest.shards.r.length || from.shards.x.length !== out.manifest.shards.x.length)) {
    for (const part of PARTS) from.shards[part].forEach(([version], i) => version && out.retired.push({ id: shardId(part, i), version }));
  }
  return undefined;
}

const EMPTY_SHARD_BYTES = encodeGraphShard({ tokens: [], pools: [], pending: [] }).length;
const utf8 = new TextEncoder();

/** A shard's items as it would store them, each with its bytes (`ShardItem`); only on the rare path of a shard too large. */
function measureShard(graph: ChainGraph, layout: GraphShardLayout, id: string): ShardItem[] {
  const { shard, raw } = shardOf(graph, layout, id);
  const one = (s: GraphShard) => utf8.encode(encodeGraphShard(s)).length - EMPTY_SHARD_BYTES + 1;
  const row = (r: unknown[]) => utf8.encode(JSON.stringify(r)).length + 1;
  return [
    ...shard.pools.map((pool): ShardItem => ({ address: pool.address, bytes: one({ tokens: [], pools: [pool], pending: [] }), pool: true })),
    ...shard.pending.map((pending): ShardItem => ({ address: pending.address, bytes: one({ tokens: [], pools: [], pending: [pending] }) })),
    ...shard.tokens.map((token): ShardItem => ({ address: token.address, bytes: one({ tokens: [token], pools: [], pending: [] }) })),
    ...(raw ? [...raw.v2, ...raw.v3, ...raw.pending, ...raw.tokens].map((r): ShardItem => ({ address: r[0], bytes: row(r) })) : []),
  ];
}

/** Whether items fit one value when their shard's part has `count` shards times 2^k, for some k from `from` to `to`. */
function fitsSplit(items: readonly ShardItem[], count: number, from: number, to: number, maxValueBytes: number): boolean {
  for (let k = from; k <= to; k++) {
    const sums = new Map<number, number>();
    for (const item of items) {
      const i = shardIndexOf(item.address, count * 2 ** k);
      sums.set(i, (sums.get(i) ?? 0) + item.bytes);
    }
    if (Math.max(...sums.values()) + EMPTY_SHARD_BYTES <= maxValueBytes) return true;
  }
  return false;
}

function planFull(p: PlanGraphWriteParameters, from: GraphManifest | null, forced: ShardCounts | undefined): PlanGraphWriteReturnType {
  const rItems = p.routable.size * 2;
  const xItems = p.graph.pools.size + p.graph.pending.size + p.graph.tokens.size - p.routable.size;
  const wanted = { r: pow2(rItems / p.itemsPerShard), x: pow2(xItems / (p.xItemsPerShard ?? p.itemsPerShard)) };
  let counts: ShardCounts = forced ?? (from ? { r: Math.max(wanted.r, from.shards.r.length), x: Math.max(wanted.x, from.shards.x.length) } : wanted);
  const DOUBLINGS = 12;
  for (let attempt = 0; attempt < DOUBLINGS;) {
    const manifest = newManifest(p.graph, counts, from);
    const layout = layoutGraphShards(p.graph, p.routable, counts, manifest);
    const out: PlanGraphWriteReturnType = { manifest, layout, writes: [], retired: [], encoded: 0 };
    const over = encodeInto(p, layout, layout.members.keys(), from, out);
    if (over === undefined) return out;
    // Doubling separates many items; pools ground to share the shard's address bits stay together however many
    // doublings, so when none within reach would split this shard, its largest pools are excluded instead.
    const items = measureShard(p.graph, layout, over);
    const count = counts[over[0] as GraphPart];
    const left = DOUBLINGS - attempt - 1;
    if (!fitsSplit(items, count, 1, left, p.maxValueBytes)) {
      const fits = (kept: readonly ShardItem[]) => fitsSplit(kept, count, 0, left, p.maxValueBytes);
      if (excludeToFitShard({ graph: p.graph, shard: over, items, fits, maxValueBytes: p.maxValueBytes, log: p.log }).length > 0) continue;
    }
    counts = { r: counts.r * 2, x: counts.x * 2 };
    attempt++;
  }
  throw new Error(`graph ${p.graph.chain}: a single pool or token exceeds the ${p.maxValueBytes}-byte value limit`);
}

/** The pools in exactly one of two routable sets: those whose routability changed between them. */
export function routabilityChanges(routable: ReadonlySet<Address>, before: ReadonlySet<Address>): Address[] {
  if (routable === before) return [];
  // Equal sizes and one inside the other: equal. One pass for the usual block, in which no pool changed standing.
  if (routable.size === before.size && everyIn(routable, before)) return [];
  const changed: Address[] = [];
  for (const address of routable) if (!before.has(address)) changed.push(address);
  for (const address of before) if (!routable.has(address)) changed.push(address);
  return changed;
}

function everyIn(items: ReadonlySet<Address>, set: ReadonlySet<Address>): boolean {
  for (const item of items) if (!set.has(item)) return false;
  return true;
}

/**
 * For a graph that holds only some shards (`GraphShardLayout.loaded`): the stored shards an incremental write of
 * `changed` would rewrite that the graph does not hold yet: the shards outside the routable part (which it always
 * holds) of every changed pool, of every pool whose routability changed, of their tokens and of every changed token.
 * The writer loads them first (`addLoadedShard`), so no shard is rewritten without its stored content and nothing
 * stays stored in a part it left, and decodes the pools and tokens named here (`names`; `decodeLoaded`), so each is
 * placed by its current part.
 */
export function shardsMissingForWrite(p: { graph: ChainGraph; routable: ReadonlySet<Address>; changed: GraphChanges; layout: GraphShardLayout; routabilityChanged?: readonly Address[] }): { shards: string[]; names: Address[] } {
  const { graph, routable, layout } = p;
  if (!layout.loaded) return { shards: [], names: [] };
  const names: Address[] = [];
  const counts = countsOf(layout.manifest);
  const missing = new Set<string>();
  // The routable part is always held. Outside it: where something not placed yet may be stored, and where something
  // leaving the routable part goes.
  const need = (address: Address, placed: string | undefined, toRoutable: boolean) => {
    names.push(address);
    if (placed !== undefined && (toRoutable || !placed.startsWith("r"))) return;
    const id = homeOf("x", address, counts);
    if (!layout.loaded!.has(id)) missing.add(id);
  };
  const tokens = new Set<Address>(p.changed.tokens);
  const pool = (address: Address) => {
    const found = graph.pools.get(address) ?? graph.pending.get(address);
    if (!found) return;
    need(address, layout.poolHome.get(address), graph.pools.has(address) && routable.has(address));
    tokens.add(found.token0).add(found.token1);
  };
  for (const address of p.changed.pools) pool(address);
  for (const address of p.routabilityChanged ?? routabilityChanges(routable, layout.routable)) pool(address);
  for (const address of tokens) need(address, layout.tokenHome.get(address), graph.tokens.has(address) && isRoutableTokenHome(graph, routable, address));
  return { shards: [...missing], names };
}

function planIncremental(p: PlanGraphWriteParameters, layout: GraphShardLayout, changed: GraphChanges): PlanGraphWriteReturnType | null {
  const { graph, routable } = p;
  const counts = countsOf(layout.manifest);
  const dirty = new Set<string>();
  const move = (kind: "pools" | "tokens", address: Address, home: string | undefined) => {
    const homes = kind === "pools" ? layout.poolHome : layout.tokenHome;
    const old = homes.get(address);
    if (old !== home) {
      if (old) layout.members.get(old)![kind].delete(address);
      if (home) {
        layout.members.get(home)![kind].add(address);
        homes.set(address, home);
      } else homes.delete(address);
    }
    if (old) dirty.add(old);
    if (home) dirty.add(home);
    return old !== home;
  };
  const checkTokens = new Set<Address>();
  const poolChanged = (address: Address) => {
    const pool = graph.pools.get(address) ?? graph.pending.get(address);
    if (!pool && hasPoolRow(layout, address)) return; // kept as a row: unchanged
    const home = pool ? homeOf(graph.pools.has(address) && routable.has(address) ? "r" : "x", address, counts) : undefined;
    if (move("pools", address, home) && pool) checkTokens.add(pool.token0).add(pool.token1);
  };
  for (const address of changed.pools) poolChanged(address);
  // Pools whose routability changed without being re-read (reference prices moved).
  for (const address of p.routabilityChanged ?? routabilityChanges(routable, layout.routable)) poolChanged(address);
  for (const address of changed.tokens) {
    checkTokens.delete(address);
    if (!graph.tokens.has(address) && hasTokenRow(layout, address)) continue; // kept as a row: unchanged
    move("tokens", address, graph.tokens.has(address) ? homeOf(isRoutableTokenHome(graph, routable, address) ? "r" : "x", address, counts) : undefined);
  }
  for (const address of checkTokens) {
    if (!graph.tokens.has(address)) continue;
    const home = homeOf(isRoutableTokenHome(graph, routable, address) ? "r" : "x", address, counts);
    if (layout.tokenHome.get(address) !== home) move("tokens", address, home);
  }
  layout.routable = routable;
  for (;;) {
    const manifest = newManifest(graph, counts, layout.manifest);
    const out: PlanGraphWriteReturnType = { manifest, layout, writes: [], retired: [], encoded: 0 };
    const over = encodeInto(p, layout, dirty, layout.manifest, out);
    if (over === undefined) {
      layout.manifest = manifest;
      return out;
    }
    // A graph held whole re-shards (`planFull`); one holding only some shards cannot, so the shard's largest pools are
    // excluded until it fits, rather than failing every write of the chain from here on. Its stored pool rows are
    // decoded first: the largest may have been written by earlier blocks.
    if (!layout.loaded) return null;
    const rows = layout.raw?.get(over);
    if (rows) decodeLoaded(graph, layout, [...rows.v2, ...rows.v3].map((row) => row[0]));
    const held = new Map([...layout.members.get(over)!.pools].flatMap((address) => graph.pools.get(address) ?? []).map((pool) => [pool.address, pool] as const));
    const excluded = excludeToFitShard({
      graph, shard: over, items: measureShard(graph, layout, over), maxValueBytes: p.maxValueBytes, log: p.log,
      fits: (kept) => kept.reduce((n, item) => n + item.bytes, EMPTY_SHARD_BYTES) <= p.maxValueBytes,
      // An excluded pool's marker lives in its `x` shard, which the graph may not hold (a routable pool's).
      markerStored: (pool) => layout.members.has(homeOf("x", pool, counts)),
    });
    if (excluded.length === 0) return null;
    const tokens = new Set<Address>();
    for (const address of excluded) {
      poolChanged(address); // to its marker's `x` shard, or out of the graph
      tokens.add(held.get(address)!.token0).add(held.get(address)!.token1);
    }
    // A token that held a routable home only through an excluded pool leaves part `r` when its `x` shard is held; else
    // it stays in `r` (a token row without a routable pool there: harmless) until a write that holds that shard.
    for (const address of tokens) {
      if (!graph.tokens.has(address)) continue;
      const home = homeOf(isRoutableTokenHome(graph, routable, address) ? "r" : "x", address, counts);
      if (layout.tokenHome.get(address) !== home && layout.members.has(home)) move("tokens", address, home);
    }
  }
}
