/**
 * One oversized item never stops a chain's writes: a graph holding a token whose symbol is 2 MB of control characters
 * and a V3 pool with 50,000 initialized ticks is stored whole, the token's symbol cut and the pool excluded (stored
 * as an excluded pending pool, so it is not read again), both logged; the rest as it was.
 */
import { describe, expect, it } from "vitest";
import { address, generateMainnetLikeGraph, oversizedGraphItems } from "@sluice/testkit";
import { V3Pool } from "../pools/v3/v3Pool.js";
import type { LogFields } from "../observability/logEvent.js";
import { applyPoolStates } from "./applyPoolStates.js";
import { excludeOversizedItems, V3_TICKS_PER_POOL_MAX } from "./excludeOversizedItems.js";
import { memoryGraphStore } from "./graphStore.js";
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

const logs = () => {
  const lines: { event: string; fields: LogFields }[] = [];
  return { lines, log: (_level: string, event: string, fields: LogFields = {}) => void lines.push({ event, fields }) };
};

describe("excludeOversizedItems", () => {
  it("a whole write of a graph holding a 2 MB symbol and a 50,000-tick pool: stored, the symbol cut, the pool excluded", async () => {
    const { graph, token, pool } = junkGraph();
    const pools = graph.pools.size;
    const store = memoryGraphStore();
    const { manifest } = await store.write(graph);
    for (const part of ["r", "x"] as const) for (const [, bytes] of manifest.shards[part]) expect(bytes).toBeLessThanOrEqual(MB);
    const read = (await store.read("base"))!;
    expect(read.tokens.get(token)!.symbol).toBe("?");
    expect(read.pools.has(pool)).toBe(false);
    expect(read.pending.get(pool)).toMatchObject({ address: pool, excluded: true });
    expect(read.pools.size).toBe(pools - 1);
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
    expect(read.pending.get(pool)?.excluded).toBe(true);
    expect(read.pools.has(pool)).toBe(false);
  });

  it("names each item in an error line; a graph of normal items is left alone", () => {
    const { graph, token, pool } = junkGraph();
    const { lines, log } = logs();
    expect(excludeOversizedItems({ graph, log })).toEqual({ pools: [pool], tokens: [token] });
    expect(lines.map((l) => l.fields.pool ?? l.fields.token)).toEqual([pool, token]);
    expect(excludeOversizedItems({ graph, log })).toEqual({ pools: [], tokens: [] });
  });

  it("applyPoolStates with the cap: a pool read with more initialized ticks than V3_TICKS_PER_POOL_MAX is excluded", () => {
    const { graph, pool } = junkGraph();
    const junk = graph.pools.get(pool) as V3Pool;
    graph.pools.delete(pool);
    graph.pending.set(pool, { protocol: "uniswap-v3", address: pool, token0: junk.token0, token1: junk.token1, fee: 100, tickSpacing: 1 });
    const state = { protocol: "uniswap-v3" as const, sqrtPriceX96: junk.sqrtPriceX96, tick: junk.tick, liquidity: junk.liquidity, ticks: new Map(junk.ticks.map((t) => [t.index, t.liquidityNet])) };
    const { lines, log } = logs();
    expect(applyPoolStates(graph, new Map([[pool, state]]), { maxV3Ticks: V3_TICKS_PER_POOL_MAX, log })).toEqual([pool]);
    expect(graph.pools.has(pool)).toBe(false);
    expect(graph.pending.get(pool)?.excluded).toBe(true);
    expect(lines[0]!.fields).toMatchObject({ pool, ticks: 50_000 });
    // Never read again: a later state of it is not applied.
    expect(applyPoolStates(graph, new Map([[pool, state]]), { maxV3Ticks: V3_TICKS_PER_POOL_MAX, log })).toEqual([]);
  });
});
