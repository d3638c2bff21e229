import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, type Address, type PublicClient } from "viem";
import { burnV3Position, quotingScenario, startCountedClient, startQuotingTestbed, type CountedClient, type QuotingTestbed } from "@sluice/testkit";
import { createGraphCache } from "./graphCache.js";
import type { ChainGraph } from "./graphTypes.js";
import { loadGraph } from "./loadGraph.js";
import { readPoolStates, type V3State } from "./readPoolStates.js";
import { refreshPoolsAtHead } from "./refreshPoolsAtHead.js";
import type { V3Pool } from "../pools/v3/v3Pool.js";

let bed: QuotingTestbed;
let rpc: CountedClient;

beforeAll(async () => {
  bed = await startQuotingTestbed(quotingScenario);
  rpc = await startCountedClient(bed.manifest.rpcUrl, bed.client.chain);
});
afterAll(async () => {
  await rpc?.close();
  await bed?.stop();
});

/** A graph as an isolate holds it: decoded from the store, every pool as the index read it. */
const isolateGraph = () => loadGraph({ ...bed.source, cache: createGraphCache() });
const head = () => bed.client.getBlockNumber({ cacheTime: 0 });
const mine = (blocks: number) => bed.client.request({ method: "anvil_mine" as never, params: [`0x${blocks.toString(16)}`] as never });
const counts = () => rpc.counter.snapshot().rpc?.byName ?? {};
const delta = (before: Record<string, number>) => {
  const after = counts();
  return Object.fromEntries(Object.keys(after).map((m) => [m, after[m]! - (before[m] ?? 0)]).filter(([, n]) => n !== 0));
};
/** The ladder pool: the V3 pool with the most initialized ticks. */
const ladderOf = (graph: ChainGraph) => [...graph.pools.values()].filter((p): p is V3Pool => p.protocol === "uniswap-v3")
  .sort((a, b) => b.ticks.length - a.ticks.length)[0]!;
/** The pool's initialized ticks and state read whole at `block` (every bitmap word, through the lens). */
async function fullRead(pool: V3Pool, block: bigint) {
  const { states } = await readPoolStates({ client: bed.client, blockNumber: block, requests: [{ protocol: "uniswap-v3", address: pool.address, tickSpacing: pool.tickSpacing, tickWords: "all" }] });
  const state = states.get(pool.address) as V3State;
  return { liquidity: state.liquidity, ticks: [...state.ticks].filter(([, net]) => net !== null).sort((a, b) => a[0] - b[0]) };
}

describe("refreshPoolsAtHead: the pools and their ticks near the price read at the latest block, in one call", () => {
  it("one Multicall3 call tells the state, the V3 ticks near the price and their block (no eth_blockNumber, no log query); all equal a read at that block", async () => {
    const graph = await isolateGraph();
    await mine(3);
    const latest = await head();
    const pools = [...graph.pools.keys()];
    const before = counts();
    const { refreshed, block, nearTicks } = await refreshPoolsAtHead({ graph, client: rpc.client, pools });
    expect(block).toBe(latest);
    expect(refreshed).toBe(pools.length);
    expect(delta(before)).toEqual({ eth_call: 1 });

    const { states } = await readPoolStates({ client: bed.client, blockNumber: block, requests: pools.map((address) => ({ protocol: graph.pools.get(address)!.protocol, address })) });
    for (const [address, state] of states) {
      const pool = graph.pools.get(address)!;
      if (state.protocol === "uniswap-v2") {
        expect([pool.protocol, (pool as { reserve0: bigint }).reserve0]).toEqual(["uniswap-v2", state.reserve0]);
        expect(graph.refreshedAt.get(address)).toBe(block);
        continue;
      }
      expect([(pool as V3Pool).sqrtPriceX96, (pool as V3Pool).liquidity]).toEqual([state.sqrtPriceX96, state.liquidity]);
      // Every V3 pool's ticks in the words read are the chain's; its ticks further away were not read, so the pool is
      // not marked as read at the block (the next log-based refresh still catches up on it).
      const near = nearTicks.get(address)!;
      const [low, high] = near.tickDataRange!;
      // Whole words around the graph's tick: at least ±2,000 ticks (the last tick index of a word is a spacing short of its end).
      expect(low).toBeLessThanOrEqual(near.tick - 2_000);
      expect(high + near.tickSpacing).toBeGreaterThan(near.tick + 2_000);
      const full = await fullRead(pool as V3Pool, block);
      expect(near.ticks.filter((t) => t.index >= low && t.index <= high).map((t) => [t.index, t.liquidityNet]))
        .toEqual(full.ticks.filter(([index]) => index >= low && index <= high));
      expect(graph.refreshedAt.get(address) ?? graph.block).toBeLessThan(block);
    }
  });

  it("a Burn since the graph was read, near the price, is in the one call: the ticks equal a full read at the block", async () => {
    const graph = await isolateGraph();
    const ladder = ladderOf(graph);
    const burnt = await burnV3Position({ client: bed.client, rpcUrl: bed.manifest.rpcUrl, pool: ladder.address });
    await mine(2);
    expect(ladder.ticks.map((t) => t.index)).toEqual(expect.arrayContaining([burnt.tickLower, burnt.tickUpper]));

    const before = counts();
    const { block, nearTicks } = await refreshPoolsAtHead({ graph, client: rpc.client, pools: [ladder.address] });
    expect(block).toBe(await head());
    expect(delta(before)).toEqual({ eth_call: 1 });
    const [low, high] = nearTicks.get(ladder.address)!.tickDataRange!;
    expect([burnt.tickLower >= low, burnt.tickUpper <= high]).toEqual([true, true]);
    const after = graph.pools.get(ladder.address) as V3Pool;
    const full = await fullRead(ladder, block);
    expect(after.ticks.map((t) => t.index)).not.toContain(burnt.tickLower);
    expect(after.ticks.map((t) => [t.index, t.liquidityNet])).toEqual(full.ticks);
    expect(after.liquidity).toBe(full.liquidity);
  });

  it("a swap that leaves the words read is not guessed: the near pool refuses it where the graph's pool would quote it", async () => {
    const graph = await isolateGraph();
    const ladder = ladderOf(graph);
    // One tick on each side: only the word holding the price (256 tick spacings).
    const { nearTicks } = await refreshPoolsAtHead({ graph, client: rpc.client, pools: [ladder.address], nearTickCount: 1 });
    const near = nearTicks.get(ladder.address)!;
    const whole = graph.pools.get(ladder.address) as V3Pool;
    const small = 10n ** 15n;
    expect(near.quoteExactIn(near.token0, small).amountOut).toBe(whole.quoteExactIn(whole.token0, small).amountOut);
    const drain = 100_000n * 10n ** 18n;
    expect(whole.quoteExactIn(whole.token0, drain).amountOut).toBeGreaterThan(0n);
    expect(() => near.quoteExactIn(near.token0, drain)).toThrow(expect.objectContaining({ code: "TICK_DATA_INCOMPLETE" }));
  });

  it("a state the graph already holds at a newer block is kept, not overwritten by this older read", async () => {
    const graph = await isolateGraph();
    const ladder = ladderOf(graph);
    const v2 = [...graph.pools.values()].find((p) => p.protocol === "uniswap-v2")!;
    const newer = (await head()) + 10n;
    for (const address of [ladder.address, v2.address]) graph.refreshedAt.set(address, newer);
    const { nearTicks } = await refreshPoolsAtHead({ graph, client: rpc.client, pools: [ladder.address, v2.address] });
    expect(graph.pools.get(ladder.address)).toBe(ladder);
    expect(graph.pools.get(v2.address)).toBe(v2);
    expect([graph.refreshedAt.get(ladder.address), graph.refreshedAt.get(v2.address)]).toEqual([newer, newer]);
    expect(nearTicks.size).toBe(0);
  });

  it("a node that refuses the lens's state override: the pools are read without it, V3 pools keep their last consistent state", async () => {
    const graph = await isolateGraph();
    const ladder = ladderOf(graph);
    const v2 = [...graph.pools.values()].find((p) => p.protocol === "uniswap-v2")!;
    const refusing = createPublicClient({ transport: http(bed.manifest.rpcUrl, { retryCount: 0, fetchFn: async (input, init) => {
      const body = JSON.parse(String(init?.body ?? "{}")) as { id?: number; method?: string; params?: unknown[] };
      if (body.method === "eth_call" && body.params?.[2] !== undefined) {
        return Response.json({ jsonrpc: "2.0", id: body.id, error: { code: -32602, message: "state override not supported" } });
      }
      return fetch(input, init);
    } }) }) as PublicClient;
    const { block, nearTicks } = await refreshPoolsAtHead({ graph, client: refusing, pools: [ladder.address, v2.address] });
    expect(block).toBe(await head());
    expect(nearTicks.size).toBe(0);
    expect(graph.pools.get(ladder.address)).toBe(ladder);
    expect(graph.refreshedAt.get(v2.address)).toBe(block);
  });

  it("a node that does not answer fails the read at once: no second read without the lens", async () => {
    const graph = await isolateGraph();
    let calls = 0;
    const down = createPublicClient({ transport: http(bed.manifest.rpcUrl, { retryCount: 0, fetchFn: async (input, init) => {
      if (String(init?.body ?? "").includes("eth_call")) {
        calls++;
        return new Response("unavailable", { status: 503 });
      }
      return fetch(input, init);
    } }) }) as PublicClient;
    await expect(refreshPoolsAtHead({ graph, client: down, pools: [ladderOf(graph).address] })).rejects.toThrow();
    expect(calls).toBe(1);
  });

  it("pools the graph does not hold are left out; V2 pools only: one call", async () => {
    const graph = await isolateGraph();
    const v2 = [...graph.pools.values()].filter((p) => p.protocol === "uniswap-v2").map((p) => p.address);
    const before = counts();
    const { refreshed, nearTicks } = await refreshPoolsAtHead({ graph, client: rpc.client, pools: [...v2, "0x000000000000000000000000000000000000dead" as Address] });
    expect(refreshed).toBe(v2.length);
    expect(nearTicks.size).toBe(0);
    expect(delta(before)).toEqual({ eth_call: 1 });
  });
});
