import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address } from "viem";
import { burnV3Position, quotingScenario, startCountedClient, startQuotingTestbed, type CountedClient, type QuotingTestbed } from "@sluice/testkit";
import { createGraphCache } from "./graphCache.js";
import type { ChainGraph } from "./graphTypes.js";
import { loadGraph } from "./loadGraph.js";
import { readPoolStates, type V3State } from "./readPoolStates.js";
import { refreshPoolsAtHead } from "./refreshPoolsAtHead.js";
import { encodeSharedPool } from "./encodeSharedPool.js";
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

describe("refreshPoolsAtHead: the pools read at the latest block, with no round trip for the head", () => {
  it("one Multicall3 call tells the state and its block (no eth_blockNumber); the state equals a read at that block", async () => {
    const graph = await isolateGraph();
    await mine(3);
    const latest = await head();
    const pools = [...graph.pools.keys()];
    const before = counts();
    const { refreshed, block } = await refreshPoolsAtHead({ graph, client: rpc.client, pools, seenHead: latest });
    expect(block).toBe(latest);
    expect(refreshed).toBe(pools.length);
    // The seen head was the latest block: the Mint/Burn query beside the state read covered every block.
    expect(delta(before)).toEqual({ eth_call: 1, eth_getLogs: 1 });
    for (const address of pools) expect(graph.refreshedAt.get(address)).toBe(block);

    const { states } = await readPoolStates({ client: bed.client, blockNumber: block, requests: pools.map((address) => ({ protocol: graph.pools.get(address)!.protocol, address })) });
    for (const [address, state] of states) {
      const pool = graph.pools.get(address)!;
      if (state.protocol === "uniswap-v2") expect([pool.protocol, (pool as { reserve0: bigint }).reserve0]).toEqual(["uniswap-v2", state.reserve0]);
      else expect([(pool as V3Pool).sqrtPriceX96, (pool as V3Pool).liquidity]).toEqual([state.sqrtPriceX96, state.liquidity]);
    }
  });

  it("a Burn after the last seen head is found by the query for the blocks after it: the ticks equal a full read at the block", async () => {
    const graph = await isolateGraph();
    const ladder = ladderOf(graph);
    const seen = await head();
    const burnt = await burnV3Position({ client: bed.client, rpcUrl: bed.manifest.rpcUrl, pool: ladder.address });
    await mine(2);
    expect(ladder.ticks.map((t) => t.index)).toEqual(expect.arrayContaining([burnt.tickLower, burnt.tickUpper]));

    const before = counts();
    const { block } = await refreshPoolsAtHead({ graph, client: rpc.client, pools: [ladder.address], seenHead: seen });
    expect(block).toBe(await head());
    // The state with its block, the query up to the seen head beside it, the one after it, and the Burn's ticks.
    expect(delta(before)).toEqual({ eth_call: 2, eth_getLogs: 2 });
    const after = graph.pools.get(ladder.address) as V3Pool;
    const full = await fullRead(ladder, block);
    expect(after.ticks.map((t) => t.index)).not.toContain(burnt.tickLower);
    expect(after.ticks.map((t) => [t.index, t.liquidityNet])).toEqual(full.ticks);
    expect(after.liquidity).toBe(full.liquidity);
  });

  it("no seen head, or one the node has not reached: the logs are asked for once the block is known, none after it kept", async () => {
    for (const seenHead of [undefined, (await head()) + 1_000n]) {
      const graph = await isolateGraph();
      const ladder = ladderOf(graph);
      const reference = encodeSharedPool(ladder);
      const { block } = await refreshPoolsAtHead({ graph, client: rpc.client, pools: [ladder.address], seenHead });
      expect(block).toBe(await head());
      const full = await fullRead(ladder, block);
      const after = graph.pools.get(ladder.address) as V3Pool;
      expect(after.ticks.map((t) => [t.index, t.liquidityNet])).toEqual(full.ticks);
      // The isolate's graph was read before the Burn above: its ticks changed, and only by what the chain shows.
      expect(encodeSharedPool(after)).not.toBe(reference);
    }
  });

  it("pools the graph does not hold are left out; a V2-only refresh makes no log query", async () => {
    const graph = await isolateGraph();
    const v2 = [...graph.pools.values()].filter((p) => p.protocol === "uniswap-v2").map((p) => p.address);
    const before = counts();
    const { refreshed } = await refreshPoolsAtHead({ graph, client: rpc.client, pools: [...v2, "0x000000000000000000000000000000000000dead" as Address] });
    expect(refreshed).toBe(v2.length);
    expect(delta(before)).toEqual({ eth_call: 1 });
  });
});
