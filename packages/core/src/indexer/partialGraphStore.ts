import type { Address } from "viem";
import type { ChainName } from "../chains/chains.js";
import { redisKeys } from "../redis/redisKeys.js";
import { addressInterner, decodeGraphShard, type GraphShard } from "./graphCodec.js";
import type { GraphKv } from "./graphKv.js";
import { emptyGraph, indexPoolsByToken, type ChainGraph } from "./graphTypes.js";
import { partialGraphSegments } from "./partialGraphSegments.js";
import { excludeOversizedItems } from "./excludeOversizedItems.js";
import { shardVersion } from "./shardVersion.js";

/**
 * What a cold index's graph being built is: its block and the segments that hold it, in order. A segment is a
 * `graphCodec` shard of what one slice changed (pools loaded or re-read, pending pools found, tokens added or
 * changed); a later segment's pool, pending pool or token replaces an earlier one of the same address. Segment `id`s
 * grow and are never reused; `next` is one past every id ever written (those of a write that died before its
 * manifest was stored included), so the partial graph's keys are exactly `0 … next - 1`.
 */
export type PartialGraphManifest = {
  v: 1;
  chain: ChainName;
  chainId: number;
  block: string;
  ts: number;
  next: number;
  segments: [id: number, version: string, bytes: number][];
  /** Set on the manifest a write stores before segments it has not named yet (only `next` counts): no graph. */
  reserving?: true;
};

/** Stored rows per live item past which a read graph's next write stores it whole (see `PartialGraphStore.write`). */
const COMPACT_AT_ROWS_PER_ITEM = 3;

/** What a slice changed: pools (loaded, re-read, found) and tokens (added or changed), by address. */
export type PartialGraphChanges = { pools: Iterable<Address>; tokens: Iterable<Address> };

/** Counts the requests a store makes (each a subrequest on Workers). */
export type RequestCounter = { spend(n?: number): void };

export type PartialGraphStoreOptions = {
  /** No segment is larger (bytes). Default 512 KiB (the value limit is 1 MB). */
  maxSegmentBytes?: number;
  /** Most bytes one request reads or writes (as `redisGraphKv`'s, default 4 MiB): each `kv` call stays within it. */
  maxRequestBytes?: number;
  /** Most keys one read names. Default 256 (as `redisGraphKv`'s). */
  maxKeysPerRead?: number;
};

export type PartialGraphStore = {
  /** The graph being built, or null when there is none (or a segment it names is gone). */
  read(chain: ChainName, requests: RequestCounter): Promise<ChainGraph | null>;
  /**
   * Stores a slice: new segments holding `changes` (everything when `changes` is absent, when this store did not read
   * or write `graph`, or when the stored rows would pass three per live item: the stored partial graph is then
   * replaced, and its segments expire), then the manifest together with `commit` (the progress) in one request, so
   * the progress never names state that is not stored.
   */
  write(graph: ChainGraph, changes: PartialGraphChanges | undefined, commit: [key: string, value: string][], requests: RequestCounter): Promise<void>;
  /** Every key of the chain's partial graph (its manifest first; none when there is none). */
  keys(chain: ChainName, requests: RequestCounter): Promise<string[]>;
  /**
   * Stores `commit` (the progress) and, in the same request, a manifest naming no graph; then retires every key of
   * the chain's partial graph (they expire).
   */
  drop(chain: ChainName, commit: [key: string, value: string][], requests: RequestCounter): Promise<void>;
};

/**
 * The graph a cold index is building, kept on a `GraphKv` (Redis in the workers, a map in tests) as a small manifest
 * (`redisKeys.indexPartial`) and append-only segments (`redisKeys.indexPartialSegment`), each at most
 * `maxSegmentBytes`. A slice writes only what it changed; its segments are stored before the manifest that names
 * them, and the manifest goes in the same request as the progress. Every `kv` call is one request.
 */
export function partialGraphStore(kv: GraphKv, options: PartialGraphStoreOptions = {}): PartialGraphStore {
  const maxSegmentBytes = options.maxSegmentBytes ?? 512 * 2 ** 10;
  const maxRequestBytes = options.maxRequestBytes ?? 4 * 2 ** 20;
  const maxKeysPerRead = options.maxKeysPerRead ?? 256;
  /** The manifest each graph object was read or last written at: what the next write appends to. */
  const manifests = new WeakMap<ChainGraph, PartialGraphManifest>();
  /** The rows stored for each graph object (as read, plus what was appended since): with its live items, when to compact. */
  const storedRows = new WeakMap<ChainGraph, number>();

  const readManifest = async (chain: ChainName, requests: RequestCounter): Promise<PartialGraphManifest | null> => {
    requests.spend(1);
    const [text] = await kv.get([redisKeys.indexPartial(chain)]);
    if (!text) return null;
    try {
      const manifest = JSON.parse(text) as PartialGraphManifest;
      return manifest.v === 1 && manifest.chain === chain && Array.isArray(manifest.segments) ? manifest : null;
    } catch {
      return null; // a value of another format (the unsharded graph of earlier versions)
    }
  };
  const segmentKeys = (chain: ChainName, ids: Iterable<number>) => [...ids].map((id) => redisKeys.indexPartialSegment(chain, id));
  const keysOf = (manifest: PartialGraphManifest) =>
    [redisKeys.indexPartial(manifest.chain), ...segmentKeys(manifest.chain, Array.from({ length: manifest.next }, (_, i) => i))];
  const keys = async (chain: ChainName, requests: RequestCounter) => {
    const manifest = await readManifest(chain, requests);
    return manifest ? keysOf(manifest) : [];
  };

  return {
    keys,
    async read(chain, requests) {
      const manifest = await readManifest(chain, requests);
      if (!manifest || manifest.reserving) return null;
      // Batches within the request limits, read in parallel (one request each).
      const batches: (typeof manifest.segments)[] = [];
      let batch: typeof manifest.segments = [];
      let size = 0;
      for (const segment of manifest.segments) {
        if (batch.length > 0 && (size + segment[2] > maxRequestBytes || batch.length >= maxKeysPerRead)) {
          batches.push(batch);
          batch = [];
          size = 0;
        }
        batch.push(segment);
        size += segment[2];
      }
      if (batch.length > 0) batches.push(batch);
      requests.spend(batches.length);
      const texts = (await Promise.all(batches.map((b) => kv.get(segmentKeys(chain, b.map(([id]) => id)), b.map(([, , bytes]) => bytes))))).flat();
      const graph = emptyGraph(chain, manifest.chainId);
      graph.block = BigInt(manifest.block);
      graph.blockTimestamp = manifest.ts;
      const intern = addressInterner();
      let rows = 0;
      for (const [i, text] of texts.entries()) {
        const shard: GraphShard | null = text === null || shardVersion(text).version !== manifest.segments[i]![1] ? null : decodeGraphShard(text, intern);
        texts[i] = null; // decoded: let the text go
        if (!shard) return null; // a segment is gone (evicted) or of another version: the caller starts again
        rows += shard.tokens.length + shard.pools.length + shard.pending.length;
        for (const token of shard.tokens) graph.tokens.set(token.address, token);
        for (const pool of shard.pools) {
          graph.pools.set(pool.address, pool);
          graph.pending.delete(pool.address);
        }
        for (const pending of shard.pending) {
          graph.pending.set(pending.address, pending);
          graph.pools.delete(pending.address);
        }
      }
      indexPoolsByToken(graph);
      manifests.set(graph, manifest);
      storedRows.set(graph, rows);
      return graph;
    },

    async write(graph, changesGiven, commit, requests) {
      const changes = changesGiven && { pools: new Set(changesGiven.pools), tokens: new Set(changesGiven.tokens) };
      // No single pool or token may stop the index: one too large to store is excluded (or its symbol cut) first.
      const guarded = excludeOversizedItems({ graph, candidates: changes });
      for (const pool of guarded.pools) changes?.pools.add(pool);
      for (const token of guarded.tokens) changes?.tokens.add(token);
      const live = graph.tokens.size + graph.pools.size + graph.pending.size;
      const appended = changes ? changes.pools.size + changes.tokens.size : 0;
      // Every pool is stored at least twice (found, then loaded); past three rows an item, most of what each read
      // fetches is replaced entries (a catch-up re-reading pools slice after slice): the graph is written whole instead.
      const compact = (storedRows.get(graph) ?? 0) + appended > COMPACT_AT_ROWS_PER_ITEM * live;
      const base = changes && !compact ? manifests.get(graph) : undefined;
      // A full write replaces what is stored: new ids start past the old manifest's, whose keys are retired after.
      const replaced = base ? null : await readManifest(graph.chain, requests);
      const from = base ?? replaced;
      const segments = partialGraphSegments({ graph, changes: base ? changes : undefined, maxSegmentBytes, firstId: from?.next ?? 0 });
      const next = (from?.next ?? 0) + segments.length;
      const manifest: PartialGraphManifest = {
        v: 1, chain: graph.chain, chainId: graph.chainId, block: graph.block.toString(), ts: graph.blockTimestamp, next,
        segments: [...(base?.segments ?? []), ...segments.map((s): [number, string, number] => [s.id, s.version, s.bytes])],
      };
      const manifestEntry: [string, string] = [redisKeys.indexPartial(graph.chain), JSON.stringify(manifest)];
      const segmentEntries = segments.map((s): [string, string] => [redisKeys.indexPartialSegment(graph.chain, s.id), s.text]);
      const commitBytes = manifestEntry[1].length + commit.reduce((n, [k, v]) => n + k.length + v.length, 0);
      // Segments in requests of at most maxRequestBytes; the last one also carries the manifest and the commit when
      // they fit, else they go alone after it.
      const requestsOut: [string, string][][] = [];
      let current: [string, string][] = [];
      let bytes = 0;
      for (const entry of segmentEntries) {
        const b = entry[0].length + entry[1].length;
        // Room is left in every request for a manifest (the first may carry the reserving one).
        if (current.length > 0 && bytes + b + commitBytes > maxRequestBytes) {
          requestsOut.push(current);
          current = [];
          bytes = 0;
        }
        current.push(entry);
        bytes += b;
      }
      if (current.length > 0 && bytes + commitBytes > maxRequestBytes) {
        requestsOut.push(current);
        current = [];
      }
      current.push(manifestEntry, ...commit);
      requestsOut.push(current);
      if (requestsOut.length > 1) {
        // Segments may be stored before the manifest that names them: the first request also raises the stored
        // manifest's `next` over them (its segments unchanged), so a write that dies half way leaves no key unnamed.
        const reserving: PartialGraphManifest = from ? { ...from, next } : { ...manifest, segments: [], reserving: true };
        requestsOut[0]!.unshift([redisKeys.indexPartial(graph.chain), JSON.stringify(reserving)]);
      }
      for (const entries of requestsOut) {
        requests.spend(1);
        await kv.set(entries);
      }
      if (replaced && replaced.next > 0) {
        // The replaced graph's segments: its ids are below the new ones; the manifest key is the new manifest's.
        requests.spend(1);
        await kv.retire(segmentKeys(graph.chain, Array.from({ length: replaced.next }, (_, i) => i)));
      }
      manifests.set(graph, manifest);
      storedRows.set(graph, base ? storedRows.get(graph)! + appended : live);
    },

    async drop(chain, commit, requests) {
      const manifest = await readManifest(chain, requests);
      // With the progress, the manifest becomes one that names no graph (keeping `next`), then every key expires.
      requests.spend(1);
      await kv.set(manifest ? [...commit, [redisKeys.indexPartial(chain), JSON.stringify({ ...manifest, segments: [], reserving: true })]] : commit);
      if (!manifest) return;
      requests.spend(1);
      await kv.retire(keysOf(manifest));
    },
  };
}
