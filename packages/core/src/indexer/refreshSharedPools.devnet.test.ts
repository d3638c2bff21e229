import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "@upstash/redis";
import type { Address } from "viem";
import {
  quotingScenario, startCountedClient, startQuotingTestbed, startTestRedis, type CountedClient, type QuotingTestbed, type TestRedis,
} from "@sluice/testkit";
import { redisKeys } from "../redis/redisKeys.js";
import { encodeSharedPool } from "./encodeSharedPool.js";
import { createGraphCache } from "./graphCache.js";
import type { ChainGraph } from "./graphTypes.js";
import { loadGraph } from "./loadGraph.js";
import { refreshSharedPools, type PoolRefreshesInFlight } from "./refreshSharedPools.js";

/** One isolate: its own copy of the graph (decoded from the store), its own refreshes in flight, its own RPC count. */
type Isolate = { graph: ChainGraph; inFlight: PoolRefreshesInFlight; rpc: CountedClient };

let bed: QuotingTestbed;
let redis: TestRedis;
const isolates: Isolate[] = [];

beforeAll(async () => {
  bed = await startQuotingTestbed(quotingScenario);
  redis = await startTestRedis();
  await loadGraph(bed.source); // indexes the chain into the store
});
afterAll(async () => {
  for (const i of isolates) await i.rpc.close();
  await redis?.close();
  await bed?.stop();
});

async function isolate(): Promise<Isolate> {
  const graph = await loadGraph({ ...bed.source, cache: createGraphCache() });
  const i = { graph, inFlight: new Map(), rpc: await startCountedClient(bed.manifest.rpcUrl, bed.client.chain) };
  isolates.push(i);
  return i;
}
const refresh = (i: Isolate, block: bigint) =>
  refreshSharedPools({ graph: i.graph, client: i.rpc.client, redis: redis.redis, pools: [...i.graph.pools.keys()], latestBlock: block, inFlight: i.inFlight });
const states = (i: Isolate) => new Map([...i.graph.pools].map(([a, p]) => [a, encodeSharedPool(p)]));
const mine = async () => {
  await bed.client.request({ method: "evm_mine" as never });
  return bed.client.getBlockNumber({ cacheTime: 0 });
};

describe("refreshSharedPools: pool state read once per block for every request and isolate", () => {
  it("the first isolate at a new block reads the chain once (concurrent quotes share it); the next isolate makes 0 RPC calls and gets the same state", async () => {
    const [a, b] = [await isolate(), await isolate()];
    const block = await mine();
    const [na, na2] = await Promise.all([refresh(a, block), refresh(a, block)]);
    expect(na).toBe(a.graph.pools.size);
    expect(na2).toBe(a.graph.pools.size);
    // One Multicall3 call (and the Mint/Burn log query beside it) for both concurrent quotes.
    expect(a.rpc.counter.snapshot().rpc?.byName.eth_call).toBe(1);
    expect(await redis.redis.exists(redisKeys.poolsAtBlock("base", block))).toBe(1);

    expect(await refresh(b, block)).toBe(b.graph.pools.size);
    expect(b.rpc.calls()).toBe(0);
    expect(states(b)).toEqual(states(a));
    for (const address of b.graph.pools.keys()) expect(b.graph.refreshedAt.get(address)).toBe(block);

    // Again on the same block: nothing to do, in either isolate.
    const before = a.rpc.calls();
    expect(await refresh(a, block)).toBe(0);
    expect(await refresh(b, block)).toBe(0);
    expect(a.rpc.calls()).toBe(before);
    expect(b.rpc.calls()).toBe(0);
  });

  it("a new block is picked up: a swap moves a pool, the next block's state is read and shared", async () => {
    const [a, b] = [isolates[0]!, isolates[1]!];
    const usdcTka = [...a.graph.pools.values()].find((p) => p.protocol === "uniswap-v2" && p.token1 !== p.token0
      && [p.token0, p.token1].includes(bed.token("TKA")) && [p.token0, p.token1].includes(bed.manifest.tokens.find((t) => t.symbol === "USDC")!.address.toLowerCase() as Address))!;
    const stateBefore = encodeSharedPool(a.graph.pools.get(usdcTka.address)!);
    // Move the pool: send TKA into it directly and sync (a donation changes its reserves).
    await bed.user.writeContract({ address: bed.token("TKA"), abi: [{ type: "function", name: "transfer", stateMutability: "nonpayable", inputs: [{ name: "to", type: "address" }, { name: "amount", type: "uint256" }], outputs: [{ type: "bool" }] }], functionName: "transfer", args: [usdcTka.address, 10n ** 18n] });
    await bed.user.writeContract({ address: usdcTka.address, abi: [{ type: "function", name: "sync", stateMutability: "nonpayable", inputs: [], outputs: [] }], functionName: "sync" });
    const block = await mine();

    const callsB = b.rpc.calls();
    await refresh(b, block);
    expect(b.rpc.calls()).toBeGreaterThan(callsB);
    expect(encodeSharedPool(b.graph.pools.get(usdcTka.address)!)).not.toBe(stateBefore);

    const callsA = a.rpc.calls();
    await refresh(a, block);
    expect(a.rpc.calls()).toBe(callsA);
    expect(states(a)).toEqual(states(b));
  });

  it("Redis down: the chain is read instead (the quote still works)", async () => {
    const c = await isolate();
    const block = await mine();
    // A real client of a Redis that is not there (nothing listens on port 1).
    const broken = new Redis({ url: "http://127.0.0.1:1", token: "none", retry: false });
    await expect(refreshSharedPools({ graph: c.graph, client: c.rpc.client, redis: broken, pools: [...c.graph.pools.keys()], latestBlock: block, inFlight: c.inFlight }))
      .resolves.toBe(c.graph.pools.size);
    expect(c.rpc.calls()).toBeGreaterThan(0);
  });

  it("another request's refresh that never settles is waited on within this request's bound, then read here", async () => {
    const c = await isolate();
    const block = await mine();
    // In workerd a promise of another request may never wake this one (its creator ended first): here, one that never settles.
    const never = new Promise<void>(() => {});
    for (const address of c.graph.pools.keys()) c.inFlight.set(`${c.graph.chain}:${block}:${address}`, never);
    await expect(refresh(c, block)).resolves.toBe(c.graph.pools.size);
    for (const address of c.graph.pools.keys()) expect(c.graph.refreshedAt.get(address)).toBe(block);
  });
});

