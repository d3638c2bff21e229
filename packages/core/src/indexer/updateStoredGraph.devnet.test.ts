/**
 * The indexer's storage on a real chain (anvil) and real Redis: a pass writes only the shards its changes touched,
 * and an isolate holding the routable graph re-fetches only those.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address } from "viem";
import { quotingScenario, executeRoute, startQuotingTestbed, startTestRedis, type QuotingTestbed } from "@sluice/testkit";
import type { Redis } from "../redis/createRedis.js";
import { quoteSwap } from "../quoting/quoteSwap.js";
import { createGraphCache } from "./graphCache.js";
import { memoryGraphStore, redisGraphStore, type GraphStore } from "./graphStore.js";
import type { ChainIndexSource } from "./chainIndexSource.js";
import { loadGraph } from "./loadGraph.js";
import type { AdvanceIndexReturnType } from "./advanceIndex.js";
import { memoryIndexProgressStore } from "./indexProgressStore.js";
import { indexUntilReady } from "./indexUntilReady.js";
import { updateStoredGraph } from "./updateStoredGraph.js";
import { encodeGraph } from "./encodeGraph.js";
import type { ChainGraph } from "./graphTypes.js";
import { poolLiquidityUsd } from "../routable/poolLiquidityUsd.js";
import { referenceUsdPrices } from "../routable/referenceUsdPrices.js";

let bed: QuotingTestbed;
let redis: { redis: Redis; close: () => Promise<void> };
let indexer: ChainIndexSource;

beforeAll(async () => {
  [bed, redis] = await Promise.all([startQuotingTestbed(quotingScenario), startTestRedis()]);
  // Two items a shard: the scenario's few pools spread over many shards, as a real chain's do.
  indexer = { ...bed.source, store: redisGraphStore(redis.redis, { itemsPerShard: 2 }), cache: createGraphCache(), progress: memoryIndexProgressStore() };
});
afterAll(async () => {
  await bed?.stop();
  await redis?.close();
});

describe("updateStoredGraph on the sharded store", () => {
  it("after a swap, writes only the shards holding the pools and tokens the swap touched; a quoting isolate re-fetches only those", async () => {
    // The cold index of this store, as the cron runs it; the invocation that completes it writes every shard.
    let first: AdvanceIndexReturnType | undefined;
    await indexUntilReady({ ...indexer, onInvocation: (r) => { if (r.advanced) first = r; } });
    const manifest = (await indexer.store.readManifest("base"))!;
    const shards = [...manifest.shards.r, ...manifest.shards.x];
    expect(first!.shardsWritten).toBe(shards.filter(([, bytes]) => bytes > 0).length);
    expect(shards.length).toBeGreaterThan(4);

    // A quoting isolate: its own cache, the same store.
    const isolate: ChainIndexSource = { ...indexer, cache: createGraphCache() };
    const held = await loadGraph(isolate);
    expect(held.pools.size).toBe(first!.routable!.pools.size);

    const q = await quoteSwap({ chain: "base", deployment: bed.source.deployment, source: isolate, routingGraphs: bed.routingGraphs, from: { token: "USDC" }, to: { token: "TKA" }, amount: "50", withPermit: false });
    await executeRoute(bed, q.executorRoute);
    const used = new Set(q.route.splits.flatMap((s) => s.hops.map((h) => h.poolAddress.toLowerCase() as Address)));

    const second = await updateStoredGraph(indexer);
    expect(second.changedPools).toEqual(used);
    const after = (await indexer.store.readManifest("base"))!;
    const changed = (["r", "x"] as const).flatMap((part) => after.shards[part].map(([v], i) => [part, i, v !== manifest.shards[part][i]![0]] as const).filter(([, , c]) => c));
    expect(second.shardsWritten).toBe(changed.length);
    expect(second.shardsWritten).toBeGreaterThan(0);
    expect(second.shardsWritten).toBeLessThan(shards.length / 2);

    const reloaded = await loadGraph(isolate, Date.now() + 60_000);
    expect(reloaded.block).toBe(second.graph!.block);
    for (const pool of used) expect(reloaded.pools.get(pool)).toEqual(second.graph!.pools.get(pool));
    const kept = [...held.pools.keys()].filter((a) => reloaded.pools.get(a) === held.pools.get(a));
    expect(kept.length).toBeGreaterThan(0); // pools of shards that did not change are the very objects held
    for (const a of kept) expect(used.has(a)).toBe(false);
  });
});

/** A graph's content, independent of the order things were found in. */
function content(graph: ChainGraph) {
  const e = JSON.parse(encodeGraph(graph));
  const tokens = (e.shard.tokens as unknown[][]).map((t) => JSON.stringify(t)).sort();
  const pools = [...e.shard.v2, ...e.shard.v3].map((p: unknown[]) => JSON.stringify(p)).sort();
  return { block: e.block, tokens, pools, pending: (e.shard.pending as unknown[][]).map((p) => JSON.stringify(p)).sort() };
}

describe("a pass that holds only part of the stored graph", () => {
  it("after swaps through pools outside the routable part, the stored graph equals a cold index of the chain at the same block", async () => {
    // A threshold between the devnet pools' USD liquidities: about half of them routable, the rest stored apart.
    const probe = await indexUntilReady({ ...bed.source, store: memoryGraphStore(), cache: createGraphCache(), progress: memoryIndexProgressStore() });
    const prices = referenceUsdPrices({ graph: probe.graph });
    const worth = [...probe.graph.pools.values()].map((p) => poolLiquidityUsd(p, prices) ?? 0).sort((a, b) => a - b);
    const threshold = worth[Math.floor(worth.length / 2)]!;
    const partOf = (store: GraphStore): ChainIndexSource => ({
      ...bed.source, store, cache: createGraphCache(), progress: memoryIndexProgressStore(), routableLiquidityUsd: threshold,
    });
    const own = await startTestRedis();
    const cron = partOf(redisGraphStore(own.redis, { itemsPerShard: 2 }));
    await indexUntilReady(cron);
    const routable = (await cron.store.readRoutable("base"))!.graph;
    expect(routable.pools.size).toBeGreaterThan(0);
    expect(routable.pools.size).toBeLessThan(probe.graph.pools.size);

    // Swaps quoted over every pool (the bed's own source), so some go through pools outside the routable part.
    const outside = new Set<Address>();
    for (const [from, to, amount] of [["USDC", "TKA", "50"], ["TKD", "TKA", "10"], ["TKE", "TKF", "5"]] as const) {
      const q = await quoteSwap({ chain: "base", deployment: bed.source.deployment, source: bed.source, routingGraphs: bed.routingGraphs, from: { token: from }, to: { token: to }, amount, withPermit: false });
      await executeRoute(bed, q.executorRoute);
      for (const hop of q.route.splits.flatMap((s) => s.hops)) {
        const address = hop.poolAddress.toLowerCase() as Address;
        if (!routable.pools.has(address)) outside.add(address);
      }
    }
    expect(outside.size).toBeGreaterThan(0);

    // The cron's next run starts on a fresh isolate (nothing held) and reads only the routable part and what it names.
    const pass = await updateStoredGraph({ ...cron, cache: createGraphCache() });
    for (const address of outside) expect(pass.changedPools.has(address)).toBe(true);
    const stored = (await cron.store.read("base"))!;
    await own.close();
    const fresh = partOf(memoryGraphStore({ itemsPerShard: 2 }));
    const cold = await indexUntilReady(fresh);
    expect(cold.graph.block).toBe(stored.block);
    expect(content(stored)).toEqual(content(cold.graph));
    expect(new Set(pass.routable!.pools.keys())).toEqual(new Set((await fresh.store.readRoutable("base"))!.graph.pools.keys()));
  });
});
