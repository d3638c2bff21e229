import type { Address } from "viem";
import type { ChainName } from "../chains/chains.js";
import { redisKeys } from "../redis/redisKeys.js";
import { assembleGraph } from "./assembleGraph.js";
import { addressInterner, decodeGraphShard, parseGraphShard, type GraphShard, type RawGraphShard } from "./graphCodec.js";
import type { GraphKv } from "./graphKv.js";
import { shardId, type GraphManifest, type GraphPart } from "./graphManifest.js";
import { createPoolFilter, type PoolFilter } from "./createPoolFilter.js";
import { addLoadedShard, decodeLoaded, homeOf, layoutGraphShards, type GraphShardLayout } from "./graphShardLayout.js";
import type { GraphStore, RoutableGraph } from "./graphStore.js";
import type { ChainGraph } from "./graphTypes.js";
import { excludeOversizedItems } from "./excludeOversizedItems.js";
import { PartialGraphWriteError, planGraphWrite, routabilityChanges, shardsMissingForWrite } from "./planGraphWrite.js";
import { shardIndexOf } from "./shardIndexOf.js";
import { shardVersion } from "./shardVersion.js";

export type ShardedGraphStoreOptions = {
  /** No stored value is larger (bytes). Default 1 MB (1,048,576). */
  maxValueBytes?: number;
  /**
   * Pools and tokens per shard aimed at when a part's shard count is chosen (a power of two). Default 512 (about
   * 40 KB a shard): a block's changes touch about one shard each, so smaller shards write fewer bytes per block.
   */
  itemsPerShard?: number;
  /**
   * The same for part `x` (default 128 — and `itemsPerShard` when that is given): a block's changes outside the
   * routable part each load and rewrite a whole `x` shard, so these are smaller; only writers read their list.
   */
  xItemsPerShard?: number;
};

/**
 * The stored head of a manifest (key `graph`): what every reader fetches. The `x` part's list is a value of its own,
 * `[version, bytes][]` under the shard key of id `xl` and its version, written before the head that names it; so is
 * the pool filter (`createPoolFilter`: which pool addresses the index holds), under id `xf`, named by `f`.
 */
type StoredHead = {
  v: 3; chain: ChainName; chainId: number; block: string; ts: number;
  r: [version: string, bytes: number][];
  x: { version: string; count: number; f?: string };
};
const X_LIST = "xl";
const POOL_FILTER = "xf";

/**
 * A `GraphStore` that keeps each chain's graph as shards of a small manifest (see `GraphManifest`): part `r`, the
 * routable universe (routable pools and their tokens), which isolates load; part `x`, everything else indexed
 * (pools below the threshold, pending pools, their tokens). A pool or token lives in the shard its address bits
 * select; a shard's key carries its content version, so shards are written before the manifest that names them and
 * a replaced shard is retired (expires) only after. Writes after an incremental pass re-encode only shards that hold
 * what changed; readers holding a routable graph fetch only shards whose version changed.
 */
export function shardedGraphStore(kv: GraphKv, options: ShardedGraphStoreOptions = {}): GraphStore {
  const maxValueBytes = options.maxValueBytes ?? 2 ** 20;
  const itemsPerShard = options.itemsPerShard ?? 512;
  const xItemsPerShard = options.xItemsPerShard ?? options.itemsPerShard ?? 128;
  const layouts = new WeakMap<ChainGraph, GraphShardLayout>();
  /** The pool filter a graph read for update was stored with: its version, and the filter once read (null: none readable). */
  const filters = new WeakMap<ChainGraph, { version?: string; filter?: PoolFilter | null }>();
  const shardKey = (chain: ChainName, id: string, version: string) => redisKeys.graphShard(chain, id, version);

  const readHead = async (chain: ChainName): Promise<StoredHead | null> => {
    const [text] = await kv.get([redisKeys.graph(chain)]);
    if (!text) return null;
    try {
      const head = JSON.parse(text) as StoredHead;
      return head.v === 3 && head.chain === chain ? head : null;
    } catch {
      return null;
    }
  };
  /** A head as a manifest of the routable part alone (its `x` list unread: empty). */
  const routableManifest = (head: StoredHead): GraphManifest => ({
    v: 3, chain: head.chain, chainId: head.chainId, block: head.block, ts: head.ts, shards: { r: head.r, x: [] },
  });
  /**
   * The whole manifest (the head and its `x` list) with the list's version, or null when there is none; retries when
   * the list was retired meanwhile (a newer head names another).
   */
  const readStored = async (chain: ChainName): Promise<{ manifest: GraphManifest; xVersion: string; filterVersion?: string } | null> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const head = await readHead(chain);
      if (!head) return null;
      const [list] = await kv.get([shardKey(chain, X_LIST, head.x.version)]);
      if (list === null || list === undefined) continue;
      const x = JSON.parse(list) as [string, number][];
      return { manifest: { ...routableManifest(head), shards: { r: head.r, x } }, xVersion: head.x.version, filterVersion: head.x.f };
    }
    return null;
  };
  const readManifest = async (chain: ChainName) => (await readStored(chain))?.manifest ?? null;
  /** The named shards' texts, each parsed by `parse`, or null when one is gone (a newer manifest retired it) or of another version. */
  const fetchShardsWith = async <T>(manifest: GraphManifest, wanted: { part: GraphPart; index: number }[], parse: (text: string) => T | null): Promise<T[] | null> => {
    const texts = await kv.get(
      wanted.map(({ part, index }) => shardKey(manifest.chain, shardId(part, index), manifest.shards[part][index]![0])),
      wanted.map(({ part, index }) => manifest.shards[part][index]![1]),
    );
    const shards: T[] = [];
    for (const text of texts) {
      const shard = text === null ? null : parse(text);
      if (!shard) return null;
      shards.push(shard);
    }
    return shards;
  };
  const fetchShards = (manifest: GraphManifest, wanted: { part: GraphPart; index: number }[]) => {
    const intern = addressInterner();
    return fetchShardsWith<GraphShard>(manifest, wanted, (text) => decodeGraphShard(text, intern));
  };
  const sameManifest = (a: GraphManifest, b: GraphManifest | null) => b !== null && JSON.stringify(a) === JSON.stringify(b);
  /**
   * Adds the named shards to a graph that holds only some, their items kept as rows (`GraphShardLayout.raw`) until
   * `decodeLoaded` names them; throws when the store moved on (a shard is gone). Returns the requests it made.
   */
  const loadShards = async (graph: ChainGraph, layout: GraphShardLayout, ids: string[]) => {
    if (ids.length === 0) return 0;
    const shards = await fetchShardsWith<RawGraphShard>(layout.manifest, ids.map((id) => ({ part: id[0] as GraphPart, index: Number(id.slice(1)) })), parseGraphShard);
    if (!shards) throw new PartialGraphWriteError(graph.chain, "the stored graph was rewritten since this one was read; read it again");
    ids.forEach((id, i) => addLoadedShard(graph, layout, id, shards[i]!));
    // Requests, as a key-value store batches them (by bytes, at most 4 MB, and 256 keys a request).
    const bytes = ids.reduce((n, id) => n + layout.manifest.shards[id[0] as GraphPart][Number(id.slice(1))]![1], 0);
    return Math.max(Math.ceil(bytes / 2 ** 22), Math.ceil(ids.length / 256));
  };

  /**
   * The pool filter stored with the graph `graph` was read from, read once (one request, counted in `requests`); null
   * when there is none (a graph stored before filters were kept) or it is gone (a newer graph retired it).
   */
  const filterOf = async (graph: ChainGraph, requests: { count: number }): Promise<PoolFilter | null> => {
    const entry = filters.get(graph);
    if (!entry?.version) return null;
    if (entry.filter === undefined) {
      requests.count++;
      const [text] = await kv.get([shardKey(graph.chain, POOL_FILTER, entry.version)]);
      entry.filter = text ? createPoolFilter({ text }) : null;
    }
    return entry.filter;
  };

  /** The routable graph at `manifest` (null when one of its shards is gone: a newer manifest retired it). */
  const routableAt = async (manifest: GraphManifest, held?: RoutableGraph): Promise<RoutableGraph | null> => {
    const count = manifest.shards.r.length;
    const prev = held && held.graph.chain === manifest.chain && held.manifest.shards.r.length === count ? held : undefined;
    const unchanged = (index: number) => prev !== undefined && prev.manifest.shards.r[index]![0] === manifest.shards.r[index]![0];
    if (prev && manifest.shards.r.every((_, i) => unchanged(i))) {
      prev.graph.block = BigInt(manifest.block);
      prev.graph.blockTimestamp = manifest.ts;
      return { graph: prev.graph, manifest };
    }
    const missing = manifest.shards.r.map((_, index) => index).filter((index) => !unchanged(index));
    const fetched = await fetchShards(manifest, missing.map((index) => ({ part: "r" as const, index })));
    if (!fetched) return null;
    // What the held graph has of the unchanged shards: its pools (perhaps refreshed since) and tokens.
    const kept: GraphShard = { tokens: [], pools: [], pending: [] };
    if (prev) {
      for (const pool of prev.graph.pools.values()) if (unchanged(shardIndexOf(pool.address, count))) kept.pools.push(pool);
      for (const token of prev.graph.tokens.values()) if (unchanged(shardIndexOf(token.address, count))) kept.tokens.push(token);
    }
    const graph = assembleGraph(manifest, [kept, ...fetched]);
    for (const pool of kept.pools) {
      const at = prev!.graph.refreshedAt.get(pool.address);
      if (at !== undefined) graph.refreshedAt.set(pool.address, at);
    }
    return { graph, manifest };
  };

  const readRoutable = async (chain: ChainName, held?: RoutableGraph): Promise<RoutableGraph | null> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const head = await readHead(chain);
      if (!head) return null;
      const routable = await routableAt(routableManifest(head), held);
      if (routable) return routable; // else rewritten meanwhile: read the newer head
    }
    return null;
  };

  return {
    async readBlock(chain) {
      const [block] = await kv.get([redisKeys.graphBlock(chain)]);
      return block === null || block === undefined ? null : BigInt(block);
    },
    readManifest,
    async read(chain) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const manifest = await readManifest(chain);
        if (!manifest) return null;
        const wanted = (["r", "x"] as const).flatMap((part) => manifest.shards[part].map((_, index) => ({ part, index })));
        const shards = await fetchShards(manifest, wanted);
        if (!shards) continue; // rewritten meanwhile: read the newer manifest
        const graph = assembleGraph(manifest, shards);
        const routable = new Set<Address>();
        wanted.forEach(({ part }, i) => part === "r" && shards[i]!.pools.forEach((pool) => routable.add(pool.address)));
        layouts.set(graph, layoutGraphShards(graph, routable, { r: manifest.shards.r.length, x: manifest.shards.x.length }, manifest));
        return graph;
      }
      return null;
    },
    async readForUpdate(chain, held) {
      // The routable part as a reader gets it (only changed shards fetched when one is held), in maps of its own:
      // pool and token objects are immutable and shared, so an isolate's quotes and its cron hold them once.
      let stored: RoutableGraph | null = null;
      let filterVersion: string | undefined;
      for (let attempt = 0; attempt < 3 && !stored; attempt++) {
        const full = await readStored(chain);
        if (!full) return null;
        stored = await routableAt(full.manifest, held);
        filterVersion = full.filterVersion;
      }
      if (!stored) return null;
      const { graph: r, manifest } = stored;
      const graph: ChainGraph = {
        chain, chainId: manifest.chainId, block: BigInt(manifest.block), blockTimestamp: manifest.ts, tokens: new Map(r.tokens),
        pools: new Map(r.pools), pending: new Map(), poolsByToken: new Map(r.poolsByToken), refreshedAt: new Map(),
      };
      const loaded = new Set(manifest.shards.r.map((_, index) => shardId("r", index)));
      const counts = { r: manifest.shards.r.length, x: manifest.shards.x.length };
      layouts.set(graph, layoutGraphShards(graph, new Set(graph.pools.keys()), counts, manifest, loaded));
      filters.set(graph, { version: filterVersion });
      return graph;
    },
    async load(graph, wanted) {
      const layout = layouts.get(graph);
      if (!layout?.loaded) return 0;
      const counts = { r: layout.manifest.shards.r.length, x: layout.manifest.shards.x.length };
      const ids = new Set<string>();
      const want = (address: Address) => {
        const id = homeOf("x", address, counts);
        if (!layout.loaded!.has(id)) ids.add(id);
      };
      // What the graph holds is newer than anything stored (and the routable part is held whole): only the rest; of
      // pools, only those the pool filter may hold (a pool of another factory loads nothing).
      const requests = { count: 0 };
      const pools = [...(wanted.pools ?? [])].filter((address) => !graph.pools.has(address) && !graph.pending.has(address));
      const filter = pools.length > 0 ? await filterOf(graph, requests) : null;
      for (const address of pools) if (!filter || filter.mayHold(address)) want(address);
      for (const address of wanted.tokens ?? []) if (!graph.tokens.has(address)) want(address);
      requests.count += await loadShards(graph, layout, [...ids]);
      decodeLoaded(graph, layout, [...(wanted.pools ?? []), ...(wanted.tokens ?? [])]);
      return requests.count;
    },
    readRoutable,
    async write(graph, writeOptions = {}) {
      // No single pool or token may stop the chain's writes: one too large to store is excluded (or its symbol cut),
      // and written as such.
      const given = writeOptions.changed && { pools: [...writeOptions.changed.pools], tokens: [...writeOptions.changed.tokens] };
      const guarded = excludeOversizedItems({ graph, candidates: given });
      if (given) writeOptions = { ...writeOptions, changed: { pools: [...given.pools, ...guarded.pools], tokens: [...given.tokens, ...guarded.tokens] } };
      if (guarded.pools.length > 0 && writeOptions.routable) writeOptions = { ...writeOptions, routable: new Set([...writeOptions.routable].filter((a) => graph.pools.has(a))) };
      const routable = writeOptions.routable ?? new Set(graph.pools.keys());
      const storedWithX = await readStored(graph.chain);
      const stored = storedWithX?.manifest ?? null;
      let previous = layouts.get(graph);
      let routabilityChanged: Address[] | undefined;
      if (previous?.loaded) {
        // A graph holding only some shards builds on exactly the stored graph it was read from, or not at all.
        if (!sameManifest(previous.manifest, stored)) throw new PartialGraphWriteError(graph.chain, "the stored graph was rewritten since this one was read; read it again");
        if (writeOptions.changed) {
          const changed = { pools: [...writeOptions.changed.pools], tokens: [...writeOptions.changed.tokens] };
          routabilityChanged = routabilityChanges(routable, previous.routable);
          decodeLoaded(graph, previous, [...changed.pools, ...changed.tokens]);
          const missing = shardsMissingForWrite({ graph, routable, changed, layout: previous, routabilityChanged });
          await loadShards(graph, previous, missing.shards);
          decodeLoaded(graph, previous, missing.names);
          writeOptions = { ...writeOptions, changed };
        }
      } else if (previous && !sameManifest(previous.manifest, stored)) {
        previous = undefined; // another writer stored a newer graph since this one was read: its shards are not ours to build on
      }
      // The pool filter: a graph held whole makes its own (every pool and pending pool). One read for update adds the
      // pools its pass created (changed pools the stored graph did not place) to the filter it was stored with, read
      // only then; a pool dropped since stays in it, which only costs a load.
      const storedFilter = storedWithX?.filterVersion;
      let filterVersion = storedFilter;
      let filterText: string | undefined;
      let filter: PoolFilter | null | undefined;
      if (previous?.loaded) {
        const created = [...(writeOptions.changed?.pools ?? [])].filter((pool) => !previous!.poolHome.has(pool));
        filter = created.length > 0 ? await filterOf(graph, { count: 0 }) : undefined;
        if (filter && created.map((pool) => filter!.add(pool)).some(Boolean)) filterText = filter.encode();
      } else {
        filter = createPoolFilter({ pools: graph.pools.size + graph.pending.size });
        for (const pool of graph.pools.keys()) filter.add(pool);
        for (const pool of graph.pending.keys()) filter.add(pool);
        filterText = filter.encode();
      }
      if (filterText !== undefined) filterVersion = shardVersion(filterText).version;
      layouts.delete(graph);
      const plan = planGraphWrite({ graph, routable, changed: writeOptions.changed, previous, stored, itemsPerShard, xItemsPerShard, maxValueBytes, routabilityChanged });
      // The x list, versioned like a shard, is written with the shards, before the head that names it.
      const xList = JSON.stringify(plan.manifest.shards.x);
      const x = { version: shardVersion(xList).version, count: plan.manifest.shards.x.length, ...(filterVersion ? { f: filterVersion } : {}) };
      const storedX = storedWithX?.xVersion;
      const head: StoredHead = { v: 3, chain: graph.chain, chainId: plan.manifest.chainId, block: plan.manifest.block, ts: plan.manifest.ts, r: plan.manifest.shards.r, x };
      await kv.set([
        ...plan.writes.map((w): [string, string] => [shardKey(graph.chain, w.id, w.version), w.text]),
        ...(x.version === storedX ? [] : [[shardKey(graph.chain, X_LIST, x.version), xList] as [string, string]]),
        ...(filterText === undefined || filterVersion === storedFilter ? [] : [[shardKey(graph.chain, POOL_FILTER, filterVersion!), filterText] as [string, string]]),
      ]);
      await kv.set([[redisKeys.graph(graph.chain), JSON.stringify(head)], [redisKeys.graphBlock(graph.chain), graph.block.toString()]]);
      await kv.retire([
        ...plan.retired.map((r) => shardKey(graph.chain, r.id, r.version)),
        ...(storedX !== undefined && storedX !== x.version ? [shardKey(graph.chain, X_LIST, storedX)] : []),
        ...(storedFilter !== undefined && storedFilter !== filterVersion ? [shardKey(graph.chain, POOL_FILTER, storedFilter)] : []),
      ]);
      layouts.set(graph, plan.layout);
      // The filter stays known to the graph (a later write over it, as the indexer's next pass on the same object).
      if (filter !== undefined || filters.get(graph)?.version !== filterVersion) filters.set(graph, { version: filterVersion, ...(filter !== undefined ? { filter } : {}) });
      return { manifest: plan.manifest, shardsWritten: plan.writes.length, shardsEncoded: plan.encoded, bytesWritten: plan.writes.reduce((n, w) => n + w.text.length, 0) };
    },
  };
}
