/**
 * The graph a cold index builds, kept in segments on a real Redis (Upstash REST through the local bridge): a
 * generated 22,000-pool graph (about 4.3 MB as one value) built slice by slice as the indexer does — discovery, load in
 * address order, catch-up — never stores a value over the limit, each slice writes about what it changed, a slice that
 * dies after its segments but before its progress is redone from the state before it, and the graph read back equals
 * the one built in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address } from "viem";
import { address, generateMainnetLikeGraph, oversizedGraphItems, startTestRedis, type TestRedis } from "@sluice/testkit";
import type { Redis as UpstashRedis } from "@upstash/redis";
import { redisKeys } from "../redis/redisKeys.js";
import { encodeGraph } from "./encodeGraph.js";
import { emptyGraph, type ChainGraph, type PendingPool } from "./graphTypes.js";
import type { GraphKv } from "./graphKv.js";
import { decodeIndexProgress, encodeIndexProgress, type IndexProgress } from "./indexProgress.js";
import { partialGraphStore, type PartialGraphChanges } from "./partialGraphStore.js";
import { redisGraphKv } from "./redisGraphKv.js";
import { V2Pool } from "../pools/v2/v2Pool.js";
import { V3Pool } from "../pools/v3/v3Pool.js";
import { V3_TICKS_PER_POOL_MAX } from "./excludeOversizedItems.js";

const MB = 2 ** 20;
let redis: TestRedis;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => redis?.close());

/** A graph's content, independent of the order things were found in (as the unsharded encoding has it). */
function content(graph: ChainGraph) {
  const e = JSON.parse(encodeGraph(graph));
  const sorted = (list: unknown[]) => list.map((x) => JSON.stringify(x)).sort();
  return { block: e.block, ts: e.blockTimestamp, tokens: sorted(e.shard.tokens), pools: sorted([...e.shard.v2, ...e.shard.v3]), pending: sorted(e.shard.pending) };
}

/** A `GraphKv` on the real Redis that records what each request stores, and can die before a given request. */
function observedKv(options: { maxRequestBytes?: number } = {}) {
  const kv = redisGraphKv({ redis: redis.redis, maxRequestBytes: options.maxRequestBytes });
  const seen = { requests: 0, largest: 0, written: 0, dieOnCommit: false };
  const observed: GraphKv = {
    get: (keys, bytes) => kv.get(keys, bytes),
    async set(entries) {
      seen.requests++;
      if (seen.dieOnCommit && entries.some(([key]) => key === redisKeys.indexProgress("base"))) throw new Error("invocation killed");
      for (const [, value] of entries) {
        seen.largest = Math.max(seen.largest, value.length);
        seen.written += value.length;
      }
      await kv.set(entries);
    },
    retire: (keys) => kv.retire(keys),
  };
  return { kv: observed, seen };
}

/** The slices a cold index of `full` goes through: what each adds to the graph being built, and what it changed. */
function slicesOf(full: ChainGraph): ((graph: ChainGraph) => PartialGraphChanges)[] {
  const all = [...full.pools.values()];
  const pendingOf = (p: (typeof all)[number]): PendingPool => ({
    protocol: p.protocol, address: p.address, token0: p.token0, token1: p.token1,
    fee: p instanceof V2Pool ? 3000 : p.fee, tickSpacing: p instanceof V2Pool ? 0 : p.tickSpacing,
  });
  const discover = [0, 1, 2, 3].map((i) => all.slice((i * all.length) / 4, ((i + 1) * all.length) / 4));
  const byAddress = [...all].sort((a, b) => (a.address < b.address ? -1 : 1));
  const load = Array.from({ length: Math.ceil(byAddress.length / 1_000) }, (_, i) => byAddress.slice(i * 1_000, (i + 1) * 1_000));
  return [
    ...discover.map((found) => (graph: ChainGraph) => {
      const tokens: Address[] = [];
      for (const p of found) {
        graph.pending.set(p.address, pendingOf(p));
        for (const t of [p.token0, p.token1]) if (!graph.tokens.has(t)) graph.tokens.set(t, { ...full.tokens.get(t)!, lastTradeAt: null }) && tokens.push(t);
      }
      return { pools: found.map((p) => p.address), tokens };
    }),
    ...load.map((batch) => (graph: ChainGraph) => {
      for (const p of batch) {
        graph.pending.delete(p.address);
        graph.pools.set(p.address, p);
      }
      return { pools: batch.map((p) => p.address), tokens: [] };
    }),
    // Catch-up: trade times of every token, and the block.
    (graph: ChainGraph) => {
      for (const t of full.tokens.values()) graph.tokens.set(t.address, t);
      graph.block = full.block;
      graph.blockTimestamp = full.blockTimestamp;
      return { pools: [], tokens: [...full.tokens.keys()] };
    },
  ];
}

const progressAt = (slices: number): IndexProgress => ({
  chain: "base", phase: "load", startBlock: 0n, targetBlock: 100n, cursor: 100n, loadedThrough: null, poolsFound: 0, poolsLoaded: 0,
  readThrough: 100n, catchupFrom: -1n, block: -1n, span: 2000n, slices, updatedAt: slices,
});
const commit = (slices: number): [string, string][] => [[redisKeys.indexProgress("base"), encodeIndexProgress(progressAt(slices))]];
const readProgress = async (kv: GraphKv) => decodeIndexProgress((await kv.get([redisKeys.indexProgress("base")]))[0]!);
const counter = () => {
  const c = { n: 0, spend: (n = 1) => void (c.n += n) };
  return c;
};

describe("the graph being built, in segments on Redis", () => {
  const { graph: full } = generateMainnetLikeGraph({ v2Pools: 20_000, v3Pools: 2_000, tokens: 4_000, seed: 3 });
  const whole = encodeGraph(full).length;

  it("a 4 MB graph built slice by slice: no value over 1 MB, each slice writes about what it changed, read back equal", async () => {
    expect(whole).toBeGreaterThan(4 * MB);
    const { kv, seen } = observedKv();
    const store = partialGraphStore(kv);
    const graph = emptyGraph("base", 8453);
    const perSlice: { written: number; changed: number; requests: number }[] = [];
    const slices = slicesOf(full);
    for (const [i, slice] of slices.entries()) {
      const changes = slice(graph);
      const before = { written: seen.written };
      const requests = counter();
      // What the slice changed, as one value of the unsharded encoding (its size, for comparison).
      const changed = emptyGraph("base", 8453);
      for (const a of changes.pools) {
        const p = graph.pools.get(a);
        if (p) changed.pools.set(a, p);
        else changed.pending.set(a, graph.pending.get(a)!);
      }
      for (const t of changes.tokens) changed.tokens.set(t, graph.tokens.get(t)!);
      await store.write(graph, i === 0 ? undefined : changes, commit(i + 1), requests);
      perSlice.push({ written: seen.written - before.written, changed: encodeGraph(changed).length, requests: requests.n });
    }
    console.log(`partial graph: ${slices.length} slices, ${(whole / MB).toFixed(2)} MB as one value; largest value stored ${(seen.largest / 1024).toFixed(0)} KB; ` +
      `written per slice (KB) ${perSlice.map((s) => Math.round(s.written / 1024)).join(",")}; requests per slice ${perSlice.map((s) => s.requests).join(",")}`);
    expect(seen.largest).toBeLessThanOrEqual(MB);
    // A slice writes its changes and a manifest (a few KB), never the graph built so far.
    for (const s of perSlice.slice(1)) expect(s.written).toBeLessThan(s.changed * 1.1 + 16 * 1024);
    expect(perSlice.slice(1).every((s) => s.requests === 1)).toBe(true);

    // A new invocation reads it back: equal to the graph built in memory, in a few requests.
    const requests = counter();
    const read = await partialGraphStore(kv).read("base", requests);
    expect(content(read!)).toEqual(content(graph));
    expect(content(read!)).toEqual(content(full));
    expect(requests.n).toBeLessThanOrEqual(3);
    const stored = await (redis.redis as unknown as UpstashRedis).keys("sluice:index:v1:base:*");
    for (const key of stored) expect(await (redis.redis as unknown as UpstashRedis).strlen(key)).toBeLessThanOrEqual(MB);

    await partialGraphStore(kv).drop("base", commit(slices.length + 1), counter());
    expect(await partialGraphStore(kv).read("base", counter())).toBeNull();
    for (const key of stored.filter((k) => k !== redisKeys.indexProgress("base"))) {
      expect(await (redis.redis as unknown as UpstashRedis).ttl(key)).toBeGreaterThan(0); // retired: expires
    }
    await redis.redis.del(...stored);
  });

  it("slices re-reading every pool (a catch-up) never let the stored rows pass three per item: the graph is rewritten whole, reads back equal", async () => {
    const { graph: small } = generateMainnetLikeGraph({ v2Pools: 2_000, v3Pools: 200, tokens: 400, seed: 5 });
    const { kv } = observedKv();
    const store = partialGraphStore(kv);
    const graph = emptyGraph("base", 8453);
    for (const t of small.tokens.values()) graph.tokens.set(t.address, t);
    for (const p of small.pools.values()) graph.pools.set(p.address, p);
    graph.block = small.block;
    const manifestOf = async () => {
      const [text] = await kv.get([redisKeys.indexPartial("base")]);
      const manifest = JSON.parse(text!) as { next: number; segments: [number, string, number][] };
      return { bytes: manifest.segments.reduce((n, [, , b]) => n + b, 0), next: manifest.next, ids: manifest.segments.map(([id]) => id) };
    };
    await store.write(graph, undefined, commit(1), counter());
    const whole = await manifestOf();
    // Six catch-up slices each re-read every pool.
    const everyPool = { pools: [...graph.pools.keys()], tokens: [] };
    const after: Awaited<ReturnType<typeof manifestOf>>[] = [];
    for (let i = 2; i <= 7; i++) {
      await store.write(graph, everyPool, commit(i), counter());
      after.push(await manifestOf());
    }
    console.log(`partial graph: ${(whole.bytes / 1024).toFixed(0)} KB whole; after each slice ${after.map((m) => `${(m.bytes / 1024).toFixed(0)} KB`).join(", ")}`);
    // Never more than three rows an item and the slice that passed it; rewritten whole at least once (every segment new).
    for (const m of after) expect(m.bytes).toBeLessThan(whole.bytes * 3.5);
    const rewritten = after.filter((m, i) => Math.min(...m.ids) >= (i === 0 ? whole : after[i - 1]!).next);
    expect(rewritten.length).toBeGreaterThan(0);
    expect(rewritten.every((m) => m.bytes < whole.bytes * 1.1)).toBe(true);
    // What it replaced expires; what is stored reads back equal, and a new invocation's read and write go on from it.
    for (const id of whole.ids) expect(await (redis.redis as unknown as UpstashRedis).ttl(redisKeys.indexPartialSegment("base", id))).toBeGreaterThan(0);
    const next = partialGraphStore(kv);
    const read = (await next.read("base", counter()))!;
    expect(content(read)).toEqual(content(graph));
    await next.write(read, everyPool, commit(8), counter());
    expect((await manifestOf()).bytes).toBeLessThan(whole.bytes * 3.5);
    expect(content((await partialGraphStore(kv).read("base", counter()))!)).toEqual(content(graph));
    const stored = await (redis.redis as unknown as UpstashRedis).keys("sluice:index:v1:base:*");
    await redis.redis.del(...stored);
  });

  it("a slice that dies after storing its segments, before its progress: the next invocation resumes from the slice before and ends equal", async () => {
    // Requests of at most 512 KB, so a discovery slice takes several and can die between them.
    const options = { maxRequestBytes: 512 * 1024, maxSegmentBytes: 256 * 1024 };
    const { kv, seen } = observedKv(options);
    const slices = slicesOf(full);
    const first = partialGraphStore(kv, options);
    const graph = emptyGraph("base", 8453);
    for (const [i, slice] of slices.slice(0, 2).entries()) {
      const changes = slice(graph);
      await first.write(graph, i === 0 ? undefined : changes, commit(i + 1), counter());
    }
    const beforeDeath = content(graph);

    // The third slice (discovery: about 1 MB of pools and tokens) dies at the request carrying its progress.
    const requestsBefore = seen.requests;
    const changes = slices[2]!(graph);
    seen.dieOnCommit = true;
    await expect(first.write(graph, changes, commit(3), counter())).rejects.toThrow("invocation killed");
    seen.dieOnCommit = false;
    expect(seen.requests - requestsBefore).toBeGreaterThan(1); // segments were stored before it died

    // The next invocation: the progress and the graph of the second slice, as stored before the third began.
    expect((await readProgress(kv)).slices).toBe(2);
    const resumedStore = partialGraphStore(kv, options);
    const resumed = (await resumedStore.read("base", counter()))!;
    expect(content(resumed)).toEqual(beforeDeath);
    for (const [i, slice] of slices.slice(2).entries()) await resumedStore.write(resumed, slice(resumed), commit(i + 3), counter());
    expect(content((await partialGraphStore(kv, options).read("base", counter()))!)).toEqual(content(full));

    // Every key the dead slice wrote is in the stored manifest's range, so dropping the graph retires it too.
    const keys = await resumedStore.keys("base", counter());
    const stored = await (redis.redis as unknown as UpstashRedis).keys("sluice:index:v1:base:partial*");
    expect(stored.length).toBeGreaterThan(1);
    expect(stored.filter((k) => !keys.includes(k))).toEqual([]);
    await resumedStore.drop("base", commit(99), counter());
    for (const key of stored) expect(await (redis.redis as unknown as UpstashRedis).ttl(key)).toBeGreaterThan(0);
    await redis.redis.del(...stored, redisKeys.indexProgress("base"));
  });

  it("a slice holding a token with a 2 MB symbol and a V3 pool with 50,000 ticks still stores: the symbol cut, the pool kept near its price, the rest stored", async () => {
    const { kv, seen } = observedKv();
    const store = partialGraphStore(kv);
    const graph = emptyGraph("base", 8453);
    const [first, ...rest] = slicesOf(generateMainnetLikeGraph({ v2Pools: 200, v3Pools: 20, tokens: 60, seed: 9 }).graph);
    first!(graph);
    await store.write(graph, undefined, commit(1), counter());
    for (const [i, slice] of rest.entries()) await store.write(graph, slice(graph), commit(i + 2), counter());
    const pools = graph.pools.size;
    const junk = oversizedGraphItems({ token: address(0xbad), other: [...graph.tokens.keys()][0]!, pool: address(0xbad0) });
    graph.tokens.set(junk.token.address, junk.token);
    graph.pools.set(junk.pool.address, junk.pool);
    await store.write(graph, { pools: [junk.pool.address], tokens: [junk.token.address] }, commit(99), counter());
    expect(seen.largest).toBeLessThanOrEqual(MB);
    const read = (await partialGraphStore(kv).read("base", counter()))!;
    expect(read.tokens.get(junk.token.address)!.symbol).toBe("?");
    const kept = read.pools.get(junk.pool.address) as V3Pool;
    expect([kept.ticks.length, kept.tickDataRange]).toEqual([V3_TICKS_PER_POOL_MAX, [-5_000, 887_272]]);
    expect(content(read)).toEqual(content(graph));
    expect(read.pools.size).toBe(pools + 1);
    // A first write (the whole graph) of the same items stores too.
    graph.tokens.set(junk.token.address, junk.token);
    graph.pending.delete(junk.pool.address);
    graph.pools.set(junk.pool.address, junk.pool);
    await partialGraphStore(kv).write(graph, undefined, commit(100), counter());
    expect(((await partialGraphStore(kv).read("base", counter()))!.pools.get(junk.pool.address) as V3Pool).ticks).toHaveLength(V3_TICKS_PER_POOL_MAX);
    await partialGraphStore(kv).drop("base", commit(101), counter());
  });
});
