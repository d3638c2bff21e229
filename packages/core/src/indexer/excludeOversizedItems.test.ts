/**
 * One oversized item never stops a chain's writes: a graph holding a token whose symbol is 2 MB of control characters
 * and a V3 pool with 50,000 initialized ticks is stored whole, the token's symbol cut and the pool kept with the
 * 5,000 ticks nearest its price (`bandV3Ticks`), both logged; the rest as it was. Pools stacked in one shard past the
 * value limit are excluded (stored as excluded pending pools, not read again until the exclusion expires).
 */
import type { Address } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { address, generateMainnetLikeGraph, oversizedGraphItems } from "@sluice/testkit";
import { V3Pool } from "../pools/v3/v3Pool.js";
import type { LogFields } from "../observability/logEvent.js";
import { applyPoolStates } from "./applyPoolStates.js";
import { EXCLUDED_POOL_RETRY_MS, excludeOversizedItems, isExcludedPool, V3_TICKS_PER_POOL_MAX } from "./excludeOversizedItems.js";
import { memoryGraphStore } from "./graphStore.js";
import { decodePendingRow, encodeGraphShard } from "./graphCodec.js";
import type { ChainGraph } from "./graphTypes.js";
import { indexPoolsByToken } from "./graphTypes.js";

const MB = 2 ** 20;

function junkGraph(): { graph: ChainGraph; token: `0x${string}`; pool: `0x${string}` } {
  const { graph } = generateMainnetLikeGraph({ v2Pools: 300, v3Pools: 40, tokens: 100, seed: 5 });
  const other = [...graph.tokens.keys()][0]!;
  const { token, pool } = oversizedGraphItems({ token: address(0xbad), other, pool: address(0xbad0) });
  graph.tokens.set(token.address, token);
  graph.pools.set(pool.address, pool);
  indexPoolsByToken(graph);
  return { graph, token: token.address, pool: pool.address };
}

/** The junk pool (50,000 ticks at -50,000..-1, price at tick 0) as kept: the 5,000 ticks nearest its price. */
function expectBanded(pool: unknown) {
  expect(pool).toBeInstanceOf(V3Pool);
  const banded = pool as V3Pool;
  expect(banded.ticks).toHaveLength(V3_TICKS_PER_POOL_MAX);
  expect([banded.ticks[0]!.index, banded.ticks.at(-1)!.index]).toEqual([-5_000, -1]);
  expect(banded.tickDataRange).toEqual([-5_000, 887_272]);
}

const logs = () => {
  const lines: { event: string; fields: LogFields }[] = [];
  return { lines, log: (_level: string, event: string, fields: LogFields = {}) => void lines.push({ event, fields }) };
};

describe("excludeOversizedItems", () => {
  it("a whole write of a graph holding a 2 MB symbol and a 50,000-tick pool: stored, the symbol cut, the pool kept near its price", async () => {
    const { graph, token, pool } = junkGraph();
    const pools = graph.pools.size;
    const store = memoryGraphStore();
    const { manifest } = await store.write(graph);
    for (const part of ["r", "x"] as const) for (const [, bytes] of manifest.shards[part]) expect(bytes).toBeLessThanOrEqual(MB);
    const read = (await store.read("base"))!;
    expect(read.tokens.get(token)!.symbol).toBe("?");
    expectBanded(read.pools.get(pool));
    expect(read.pending.has(pool)).toBe(false);
    expect(read.pools.size).toBe(pools);
  });

  it("an incremental write of a graph read for update: the same, and the pool's shard rewritten", async () => {
    const { graph, token, pool } = junkGraph();
    const junk = { token: graph.tokens.get(token)!, pool: graph.pools.get(pool)! };
    graph.tokens.delete(token);
    graph.pools.delete(pool);
    indexPoolsByToken(graph);
    const store = memoryGraphStore();
    await store.write(graph);
    const update = (await store.readForUpdate("base"))!;
    update.tokens.set(token, junk.token);
    update.pools.set(pool, junk.pool);
    indexPoolsByToken(update);
    await store.write(update, { routable: new Set([...update.pools.keys()]), changed: { pools: [pool], tokens: [token] } });
    const read = (await store.read("base"))!;
    expect(read.tokens.get(token)!.symbol).toBe("?");
    expectBanded(read.pools.get(pool));
  });

  it("names each item in an error line; a graph of normal items is left alone", () => {
    const { graph, token, pool } = junkGraph();
    const { lines, log } = logs();
    expect(excludeOversizedItems({ graph, log })).toEqual({ pools: [pool], tokens: [token] });
    expect(lines.map((l) => l.fields.pool ?? l.fields.token)).toEqual([pool, token]);
    expect(excludeOversizedItems({ graph, log })).toEqual({ pools: [], tokens: [] });
  });

  it("applyPoolStates with the cap: a pool read with more initialized ticks than V3_TICKS_PER_POOL_MAX keeps those nearest its price, logged once", () => {
    const { graph, pool } = junkGraph();
    const junk = graph.pools.get(pool) as V3Pool;
    graph.pools.delete(pool);
    graph.pending.set(pool, { protocol: "uniswap-v3", address: pool, token0: junk.token0, token1: junk.token1, fee: 100, tickSpacing: 1 });
    const state = { protocol: "uniswap-v3" as const, sqrtPriceX96: junk.sqrtPriceX96, tick: junk.tick, liquidity: junk.liquidity, ticks: new Map(junk.ticks.map((t) => [t.index, t.liquidityNet])) };
    const { lines, log } = logs();
    expect(applyPoolStates(graph, new Map([[pool, state]]), { maxV3Ticks: V3_TICKS_PER_POOL_MAX, log })).toEqual([pool]);
    expectBanded(graph.pools.get(pool));
    expect(graph.pending.has(pool)).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.fields).toMatchObject({ pool, ticks: 50_000, tickDataRange: "-5000..887272" });
    // Its next log's state (no words read) applies; the band stays, no new line.
    expect(applyPoolStates(graph, new Map([[pool, { ...state, ticks: new Map() }]]), { maxV3Ticks: V3_TICKS_PER_POOL_MAX, log })).toEqual([pool]);
    expectBanded(graph.pools.get(pool));
    expect(lines).toHaveLength(1);
  });
});

/**
 * Pools ground to one shard: CREATE2 lets an attacker choose its junk tokens' addresses, so the pools' addresses, and
 * a shard is chosen by an address's low 32 bits only (`shardIndexOf`): these all end in the same 32 bits, whatever the
 * shard count. Each pool is under the per-item caps (4,400–5,000 ticks, 178–203 KB stored); seven of them pass 1 MB.
 */
const STACKED = 7;
const ground = (i: number) => `0x${(0x5eed0000 + i).toString(16).padStart(32, "0")}c0ffee01` as Address;

function stackedPools(graph: ChainGraph) {
  const other = [...graph.tokens.keys()][0]!;
  return Array.from({ length: STACKED }, (_, i) => oversizedGraphItems({ token: address(0xbad00 + i), other, pool: ground(i), symbolChars: 4, ticks: 4_400 + 100 * i, liquidity: 10n ** 36n }));
}

/** The error lines `logEvent` writes while `run` runs. */
async function errorLines(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const spy = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    await run();
    return spy.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
  } finally {
    spy.mockRestore();
  }
}

const sizeOf = (pool: V3Pool) => encodeGraphShard({ tokens: [], pools: [pool], pending: [] }).length;

describe("pools stacked in one shard", () => {
  afterEach(() => vi.restoreAllMocks());

  it("an incremental write of a ready chain adding seven ground pools (each under the cap, together over 1 MB): the largest are excluded with error lines, the rest read back equal", async () => {
    const { graph } = generateMainnetLikeGraph({ v2Pools: 300, v3Pools: 40, tokens: 100, seed: 5 });
    const stacked = stackedPools(graph);
    const sizes = stacked.map(({ pool }) => sizeOf(pool));
    expect(Math.max(...sizes)).toBeLessThan(256 * 1024);
    expect(sizes.reduce((a, b) => a + b)).toBeGreaterThan(MB);
    const store = memoryGraphStore();
    await store.write(graph);
    const update = (await store.readForUpdate("base"))!;
    const routable = new Set(update.pools.keys()); // the junk pools are not routable: they go to part x
    for (const { token, pool } of stacked) {
      update.tokens.set(token.address, token);
      update.pools.set(pool.address, pool);
    }
    indexPoolsByToken(update);
    const changed = { pools: stacked.map(({ pool }) => pool.address), tokens: stacked.map(({ token }) => token.address) };
    let manifest: Awaited<ReturnType<typeof store.write>>["manifest"] | undefined;
    const lines = await errorLines(async () => ({ manifest } = await store.write(update, { routable, changed })));
    for (const part of ["r", "x"] as const) for (const [, bytes] of manifest!.shards[part]) expect(bytes).toBeLessThanOrEqual(MB);
    // The largest first, as few as fit: 1 MB holds the five smallest.
    const excluded = lines.map((l) => l.pool);
    expect(excluded).toEqual([ground(6), ground(5)]);
    expect(lines.every((l) => l.event === "pool excluded from the index: its shard would pass the value limit")).toBe(true);
    const read = (await store.read("base"))!;
    for (const pool of excluded as Address[]) {
      expect(read.pools.has(pool)).toBe(false);
      expect(read.pending.get(pool)?.excluded).toBeGreaterThan(1);
    }
    for (const { pool } of stacked.slice(0, 5)) expect(read.pools.get(pool.address)).toEqual(pool);
    for (const [a, pool] of graph.pools) expect(read.pools.get(a)).toEqual(pool);
    // Kept excluded: the next block's write excludes nothing again.
    const next = (await store.readForUpdate("base"))!;
    expect(await errorLines(() => store.write(next, { routable, changed: { pools: [], tokens: [] } }))).toEqual([]);
  });

  it("stacked over blocks: the largest pools already stored (undecoded rows of a loaded shard) are excluded too", async () => {
    const { graph } = generateMainnetLikeGraph({ v2Pools: 300, v3Pools: 40, tokens: 100, seed: 5 });
    const stacked = stackedPools(graph).reverse(); // the largest arrive first
    const store = memoryGraphStore();
    await store.write(graph);
    const routable = new Set(graph.pools.keys());
    const lines: Record<string, unknown>[] = [];
    for (const { token, pool } of stacked) {
      const update = (await store.readForUpdate("base"))!;
      await store.load(update, { pools: [pool.address], tokens: [token.address] });
      update.tokens.set(token.address, token);
      update.pools.set(pool.address, pool);
      indexPoolsByToken(update);
      lines.push(...await errorLines(() => store.write(update, { routable, changed: { pools: [pool.address], tokens: [token.address] } })));
    }
    expect(lines.map((l) => l.pool)).toEqual([ground(6), ground(5)]);
    const read = (await store.read("base"))!;
    expect(read.pending.get(ground(6))?.excluded).toBeGreaterThan(1);
    expect(read.pending.get(ground(5))?.excluded).toBeGreaterThan(1);
    for (const { pool } of stacked.slice(2)) expect(read.pools.get(pool.address)).toEqual(pool);
  });

  it("routable ground pools stacked over blocks in a routable shard: the largest are excluded, the rest read back equal", async () => {
    const { graph } = generateMainnetLikeGraph({ v2Pools: 300, v3Pools: 40, tokens: 100, seed: 5 });
    const stacked = stackedPools(graph).reverse();
    const store = memoryGraphStore();
    await store.write(graph);
    const routable = new Set(graph.pools.keys());
    const lines: Record<string, unknown>[] = [];
    for (const { token, pool } of stacked) {
      const update = (await store.readForUpdate("base"))!;
      update.tokens.set(token.address, token);
      update.pools.set(pool.address, pool);
      indexPoolsByToken(update);
      routable.add(pool.address);
      lines.push(...await errorLines(() => store.write(update, { routable, changed: { pools: [pool.address], tokens: [token.address] } })));
    }
    expect(lines.map((l) => l.pool)).toEqual([ground(6), ground(5)]);
    const read = (await store.read("base"))!;
    expect(read.pools.has(ground(6))).toBe(false);
    expect(read.pools.has(ground(5))).toBe(false);
    for (const { pool } of stacked.slice(2)) expect(read.pools.get(pool.address)).toEqual(pool);
    for (const [a, pool] of graph.pools) expect(read.pools.get(a)).toEqual(pool);
    const manifest = (await store.readManifest("base"))!;
    for (const part of ["r", "x"] as const) for (const [, bytes] of manifest.shards[part]) expect(bytes).toBeLessThanOrEqual(MB);
  });

  it("a whole write of ground pools: no doubling separates them, so the largest are excluded instead of failing", async () => {
    const { graph } = generateMainnetLikeGraph({ v2Pools: 300, v3Pools: 40, tokens: 100, seed: 5 });
    const stacked = stackedPools(graph);
    for (const { token, pool } of stacked) {
      graph.tokens.set(token.address, token);
      graph.pools.set(pool.address, pool);
    }
    indexPoolsByToken(graph);
    const store = memoryGraphStore();
    const lines = await errorLines(() => store.write(graph, { routable: new Set([...graph.pools.keys()].filter((a) => !stacked.some(({ pool }) => pool.address === a))) }));
    expect(lines.map((l) => l.pool)).toEqual([ground(6), ground(5)]);
    const read = (await store.read("base"))!;
    expect(read.pending.get(ground(6))?.excluded).toBeGreaterThan(1);
    for (const { pool } of stacked.slice(0, 5)) expect(read.pools.get(pool.address)).toEqual(pool);
  });
});

describe("excluded pools expire", () => {
  const fewTicks = (junk: V3Pool) => ({ protocol: "uniswap-v3" as const, sqrtPriceX96: junk.sqrtPriceX96, tick: junk.tick, liquidity: junk.liquidity, ticks: new Map(junk.ticks.slice(0, 100).map((t) => [t.index, t.liquidityNet])) });
  const excludedAt = (at: number) => {
    const { graph, pool } = junkGraph();
    const junk = graph.pools.get(pool) as V3Pool;
    graph.pools.delete(pool);
    graph.pending.set(pool, { protocol: "uniswap-v3", address: pool, token0: junk.token0, token1: junk.token1, fee: 100, tickSpacing: 1, excluded: at });
    return { graph, pool, junk };
  };
  const now = 1_800_000_000_000;

  it("a pool excluded long enough ago (an old row's 1 included) is read again and re-included when it now fits", () => {
    expect(decodePendingRow([address(1), "uniswap-v3", address(2), address(3), 100, 1, 1]).excluded).toBe(1);
    for (const at of [1, now - EXCLUDED_POOL_RETRY_MS - 1]) {
      const { graph, pool, junk } = excludedAt(at);
      expect(isExcludedPool(graph.pending.get(pool), now)).toBe(false);
      expect(applyPoolStates(graph, new Map([[pool, fewTicks(junk)]]), { maxV3Ticks: V3_TICKS_PER_POOL_MAX, now: () => now })).toEqual([pool]);
      expect(graph.pending.has(pool)).toBe(false);
      expect((graph.pools.get(pool) as V3Pool).ticks).toHaveLength(100);
    }
  });

  it("still past the tick cap when read again: re-included with the ticks nearest its price", () => {
    const { graph, pool, junk } = excludedAt(1);
    const state = { ...fewTicks(junk), ticks: new Map(junk.ticks.map((t) => [t.index, t.liquidityNet])) };
    const { log } = logs();
    expect(applyPoolStates(graph, new Map([[pool, state]]), { maxV3Ticks: V3_TICKS_PER_POOL_MAX, log, now: () => now })).toEqual([pool]);
    expect(graph.pending.has(pool)).toBe(false);
    expectBanded(graph.pools.get(pool));
  });

  it("an exclusion's time is stored with the pending pool", () => {
    const { graph, pool } = excludedAt(now);
    const row = JSON.parse(encodeGraphShard({ pools: [], pending: [graph.pending.get(pool)!], tokens: [] } as never)).pending[0];
    expect(decodePendingRow(row).excluded).toBe(now);
  });

  it("a pool excluded recently stays excluded: its state is not applied", () => {
    const { graph, pool, junk } = excludedAt(now - 60_000);
    expect(isExcludedPool(graph.pending.get(pool), now)).toBe(true);
    expect(applyPoolStates(graph, new Map([[pool, fewTicks(junk)]]), { maxV3Ticks: V3_TICKS_PER_POOL_MAX, now: () => now })).toEqual([]);
    expect(graph.pools.has(pool)).toBe(false);
  });
});
