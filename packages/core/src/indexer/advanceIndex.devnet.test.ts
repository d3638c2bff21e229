import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { burnV3Position, quotingScenario, startLimitedRpcProxy, startQuotingTestbed, startTestRedis, type QuotingTestbed } from "@sluice/testkit";
import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { chainIndexSourceFromEnv } from "./chainIndexSourceFromEnv.js";
import { createGraphCache } from "./graphCache.js";
import { encodeGraph } from "./encodeGraph.js";
import { memoryGraphStore } from "./graphStore.js";
import type { ChainGraph } from "./graphTypes.js";
import { staticTokenQuality } from "./tokenQuality.js";
import { memoryIndexProgressStore, redisIndexProgressStore, type IndexProgressStore } from "./indexProgressStore.js";
import { indexUntilReady } from "./indexUntilReady.js";
import { loadGraph } from "./loadGraph.js";
import { updateStoredGraph } from "./updateStoredGraph.js";
import { createPublicClient, createWalletClient, http, parseAbi, type Address } from "viem";
import { V3Pool } from "../pools/v3/v3Pool.js";
import { v3PoolEvents } from "./abis.js";
import { readPoolStates, type V3State } from "./readPoolStates.js";
import { readIndexLogs, type IndexLog } from "./readIndexLogs.js";
import { unlimitedIndexBudget } from "./indexBudget.js";

let bed: QuotingTestbed;
beforeAll(async () => {
  bed = await startQuotingTestbed(quotingScenario);
});
afterAll(async () => bed?.stop());

/** A source for the bed's chain through `rpcUrl`, with fresh stores (nothing indexed). */
function sourceVia(rpcUrl: string, progress: IndexProgressStore = memoryIndexProgressStore()) {
  const m = bed.manifest;
  const env = {
    SLUICE_CHAINS: JSON.stringify({ base: { rpcUrl, executor: m.executor, relayers: m.relayers, uniswapV2Factory: m.uniswapV2Factory, uniswapV3Factory: m.uniswapV3Factory, routableLiquidityUsd: 0 } }),
  };
  const quality = staticTokenQuality({ base: Object.fromEntries(m.tokens.map((t) => [t.address.toLowerCase(), t.quality])) });
  return chainIndexSourceFromEnv(env, "base", memoryGraphStore(), createGraphCache(), quality, progress);
}

/** A graph's content, independent of the order things were found in. */
function content(graph: ChainGraph) {
  const e = JSON.parse(encodeGraph(graph));
  const tokens = (e.shard.tokens as unknown[][]).map((t) => JSON.stringify(t)).sort();
  const pools = [...e.shard.v2, ...e.shard.v3].map((p: unknown[]) => JSON.stringify(p)).sort();
  return { block: e.block, tokens, pools, pending: e.shard.pending.length };
}

const unbounded = { maxSubrequests: 1_000_000, maxMs: 600_000 };

describe("cold index in slices", () => {
  it("a budget of 8 subrequests takes many invocations and ends with the same graph as one unbounded run", async () => {
    const one = await indexUntilReady({ ...sourceVia(bed.manifest.rpcUrl), budget: unbounded });
    expect(one.invocations).toBe(1);

    // Ranges of at most 4 blocks and one V3 pool per load slice, so the devnet's short history takes many slices.
    const proxy = await startLimitedRpcProxy({ target: bed.manifest.rpcUrl, maxBlockRange: 4 });
    try {
      const source = { ...sourceVia(proxy.url), poolsPerSlice: 1 };
      const perInvocation: { phase: string; requests: number; spent: number }[] = [];
      let before = 0;
      const sliced = await indexUntilReady({
        ...source, budget: { maxSubrequests: 8, maxMs: 600_000 },
        onInvocation: (r) => {
          perInvocation.push({ phase: r.progress.phase, requests: proxy.requests - before, spent: 0 });
          before = proxy.requests;
        },
      });
      console.log(`budget 8 subrequests: ${sliced.invocations} invocations, RPC requests per invocation ${perInvocation.map((p) => p.requests).join(",")}`);
      expect(sliced.invocations).toBeGreaterThan(3);
      expect(new Set(perInvocation.map((p) => p.phase))).toEqual(new Set(["discover", "load", "catchup", "ready"]));
      // A slice starts only within the budget; the last one may end a little past it.
      for (const p of perInvocation) expect(p.requests).toBeLessThanOrEqual(16);
      expect(content(sliced.graph)).toEqual(content(one.graph));
      // The next invocation continues incrementally from the stored graph.
      expect((await updateStoredGraph(source)).progress.phase).toBe("ready");
    } finally {
      await proxy.close();
    }
  });

  it("an invocation that dies before storing its slice loses nothing: the next one redoes that slice", async () => {
    const store = memoryIndexProgressStore();
    let writes = 0;
    const dying: IndexProgressStore = {
      ...store,
      // Every third progress write fails, as if the invocation was killed between its RPC reads and its write.
      write: async (progress, partial, options) => {
        if (++writes % 3 === 0) throw new Error("invocation killed");
        return store.write(progress, partial, options);
      },
    };
    const proxy = await startLimitedRpcProxy({ target: bed.manifest.rpcUrl, maxBlockRange: 4 });
    const source = { ...sourceVia(proxy.url, dying), poolsPerSlice: 1 };
    let invocations = 0;
    let deaths = 0;
    let graph: ChainGraph | null = null;
    while (!graph && invocations < 500) {
      invocations++;
      try {
        const r = await updateStoredGraph({ ...source, budget: { maxSubrequests: 10, maxMs: 600_000 } });
        if (r.progress.phase === "ready") graph = r.graph;
      } catch {
        deaths++;
      }
    }
    await proxy.close();
    expect(deaths).toBeGreaterThan(1);
    const one = await indexUntilReady({ ...sourceVia(bed.manifest.rpcUrl), budget: unbounded });
    expect(content(graph!)).toEqual(content(one.graph));
  });

  it("on Redis in segments of at most 1 KB, requests of 2 KB: invocations dying after a slice's segments, before its progress, lose nothing; same graph", async () => {
    const { redis, close } = await startTestRedis();
    let largestSegment = 0;
    let segmentRequests = 0;
    let kills = 0;
    let afterSegments = false;
    // A request carrying a slice's progress fails (three times) when the slice's segments went in a request before it.
    const dying = new Proxy(redis, {
      get(target, prop) {
        if (prop === "mset") {
          return async (entries: Record<string, string>) => {
            for (const [key, value] of Object.entries(entries)) if (/:partial:\d+$/.test(key)) largestSegment = Math.max(largestSegment, value.length);
            const commit = redisKeys.indexProgress("base") in entries;
            if (commit && afterSegments && kills < 3) {
              kills++;
              afterSegments = false;
              throw new Error("invocation killed");
            }
            afterSegments = !commit;
            if (!commit) segmentRequests++;
            return target.mset(entries);
          };
        }
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    }) as Redis;
    const proxy = await startLimitedRpcProxy({ target: bed.manifest.rpcUrl, maxBlockRange: 4 });
    try {
      const source = { ...sourceVia(proxy.url, redisIndexProgressStore(dying, { maxSegmentBytes: 1_024, maxRequestBytes: 2_048 })), poolsPerSlice: 1 };
      let graph: ChainGraph | null = null;
      let deaths = 0;
      for (let invocations = 0; !graph && invocations < 500; invocations++) {
        try {
          // Reading the graph being built costs a request per 2 KB here (one per 4 MB in production): a larger budget.
          const r = await updateStoredGraph({ ...source, budget: { maxSubrequests: 40, maxMs: 600_000 } });
          if (r.progress.phase === "ready") graph = r.graph;
        } catch {
          deaths++;
        }
      }
      console.log(`segments on Redis: ${deaths} invocations died at their progress, ${segmentRequests} requests of segments alone, largest segment ${largestSegment} bytes`);
      expect(deaths).toBe(kills);
      expect(deaths).toBeGreaterThan(0);
      expect(segmentRequests).toBeGreaterThan(0);
      expect(largestSegment).toBeLessThanOrEqual(1_024 + 2);
      const one = await indexUntilReady({ ...sourceVia(bed.manifest.rpcUrl), budget: unbounded });
      expect(content(graph!)).toEqual(content(one.graph));
      // Ready: the graph being built is gone (its keys expire).
      expect(await source.progress.readPartial("base")).toBeNull();
    } finally {
      await proxy.close();
      await close();
    }
  });

  it("a graph being built that vanished (evicted) while its progress stayed: the index starts again, same graph", async () => {
    const store = memoryIndexProgressStore();
    const proxy = await startLimitedRpcProxy({ target: bed.manifest.rpcUrl, maxBlockRange: 4 });
    try {
      const source = { ...sourceVia(proxy.url, store), poolsPerSlice: 1 };
      for (let i = 0; i < 4; i++) await updateStoredGraph({ ...source, budget: { maxSubrequests: 8, maxMs: 600_000 } });
      const halfway = (await store.read("base"))!;
      expect(halfway.phase).not.toBe("ready");
      await store.write(halfway, null);
      const { graph } = await indexUntilReady({ ...source, budget: { maxSubrequests: 8, maxMs: 600_000 } });
      const one = await indexUntilReady({ ...sourceVia(bed.manifest.rpcUrl), budget: unbounded });
      expect(content(graph)).toEqual(content(one.graph));
    } finally {
      await proxy.close();
    }
  });

  it("quotes never index: before the graph is ready loadGraph answers 503 naming the chain and the progress", async () => {
    const source = sourceVia(bed.manifest.rpcUrl);
    await expect(loadGraph(source)).rejects.toMatchObject({ code: "DEPENDENCY_DOWN", message: expect.stringContaining("base: index not started") });
    await updateStoredGraph({ ...source, budget: { maxSubrequests: 8, maxMs: 600_000 } });
    const error = await loadGraph(source).catch((e: unknown) => e) as { code: string; message: string; headers: Record<string, string>; body: { index: { chain: string; percent: number } } };
    expect(error.code).toBe("DEPENDENCY_DOWN");
    expect(error.message).toMatch(/base: index \d+% \((block \d+ of \d+|pool state \d+ of \d+|catching up, block \d+ of \d+)\)/);
    expect(error.headers["Retry-After"]).toBe("30");
    expect(error.body.index).toMatchObject({ chain: "base" });
    await indexUntilReady(source);
    expect((await loadGraph(source)).pools.size).toBe(bed.manifest.pools.length);
  });
});

describe("log queries adapt to the provider's limits", () => {
  it("a provider refusing ranges over 2 blocks and answers over 10 logs: the span shrinks on refusal, grows back, same graph", async () => {
    const proxy = await startLimitedRpcProxy({ target: bed.manifest.rpcUrl, maxBlockRange: 2, maxResults: 10 });
    try {
      const limited = await indexUntilReady({ ...sourceVia(proxy.url), budget: { maxSubrequests: 40, maxMs: 600_000 } });
      const one = await indexUntilReady({ ...sourceVia(bed.manifest.rpcUrl), budget: unbounded });
      expect(content(limited.graph)).toEqual(content(one.graph));
      const refused = proxy.getLogs.filter((g) => !g.answered);
      const answered = proxy.getLogs.filter((g) => g.answered);
      console.log(`limited provider: ${proxy.getLogs.length} eth_getLogs, ${refused.length} refused, spans answered ${answered.map((g) => g.span).join(",")}`);
      // A cold index's span starts at one block and doubles while answers are small, so it meets the range limit.
      expect(refused.some((g) => g.span > 2)).toBe(true);
      expect(answered.every((g) => g.span <= 2 && (g.results <= 10 || g.span === 1))).toBe(true);
      // After a shrink the span grows again when answers are small.
      const grew = answered.some((g, i) => answered.slice(0, i).some((earlier) => earlier.span < g.span));
      expect(grew).toBe(true);
    } finally {
      await proxy.close();
    }
  });
});

describe("a pass holds a bounded number of logs", () => {
  const key = (l: IndexLog) => `${l.blockNumber}:${l.address}:${l.eventName}:${JSON.stringify(l.args, (_, v) => (typeof v === "bigint" ? v.toString() : v))}`;

  it("past maxLogs a read stops at the last range fully read; reads continuing from there give exactly the logs of one read", async () => {
    const client = createPublicClient({ transport: http(bed.manifest.rpcUrl) });
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const whole = await readIndexLogs({ client, fromBlock: 0n, toBlock: head, budget: unlimitedIndexBudget() });
    expect(whole.logs.length).toBeGreaterThan(30);
    const parts: Awaited<ReturnType<typeof readIndexLogs>>[] = [];
    for (let from = 0n; from <= head; from = parts.at(-1)!.reached + 1n) {
      parts.push(await readIndexLogs({ client, fromBlock: from, toBlock: head, span: 2n, concurrency: 1, maxLogs: 8, budget: unlimitedIndexBudget() }));
    }
    // The devnet's logs sit in a few busy blocks, so a handful of parts.
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, part] of parts.entries()) {
      // Every part but the last stopped at the bound, before the head; none holds a log past where it says it reached.
      if (i < parts.length - 1) expect(part.logs.length).toBeGreaterThanOrEqual(8);
      if (i < parts.length - 1) expect(part.reached).toBeLessThan(head);
      expect(part.logs.every((l) => l.blockNumber <= part.reached)).toBe(true);
    }
    expect(parts.flatMap((p) => p.logs).map(key)).toEqual(whole.logs.map(key));
  });

  /** The devnet's logs by block, read in one go (its logs sit in a few busy blocks). */
  const logsByBlock = async () => {
    const client = createPublicClient({ transport: http(bed.manifest.rpcUrl) });
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const whole = await readIndexLogs({ client, fromBlock: 0n, toBlock: head, budget: unlimitedIndexBudget() });
    const perBlock = new Map<bigint, number>();
    for (const l of whole.logs) perBlock.set(l.blockNumber, (perBlock.get(l.blockNumber) ?? 0) + 1);
    const [busiestBlock, busiest] = [...perBlock].reduce((m, e) => (e[1] > m[1] ? e : m));
    return { head, whole, perBlock, busiestBlock, busiest };
  };

  it("answers in flight are bounded: a read whose first range passes maxLogs sends that one request, not four, and keeps that block whole", async () => {
    const { head, whole, busiestBlock, busiest } = await logsByBlock();
    expect(busiest).toBeGreaterThan(3);
    expect(head).toBeGreaterThan(busiestBlock + 3n);
    const proxy = await startLimitedRpcProxy({ target: bed.manifest.rpcUrl });
    try {
      const client = createPublicClient({ transport: http(proxy.url) });
      // A block a range, four ranges a round: the first range alone is past the bound.
      const part = await readIndexLogs({ client, fromBlock: busiestBlock, toBlock: head, span: 1n, concurrency: 4, maxLogs: 3, budget: unlimitedIndexBudget() });
      expect(proxy.getLogs.length).toBe(1);
      expect(part.reached).toBe(busiestBlock);
      expect(part.logs.map(key)).toEqual(whole.logs.filter((l) => l.blockNumber === busiestBlock).map(key));
    } finally {
      await proxy.close();
    }
  });

  it("an answer over the target shrinks the span at once to what the busiest block allows, not by half", async () => {
    const { busiestBlock, busiest, perBlock } = await logsByBlock();
    const client = createPublicClient({ transport: http(bed.manifest.rpcUrl) });
    // One range of 16 blocks from the busiest: it holds more than `busiest` logs only if another block has some.
    const inRange = [...perBlock].filter(([b]) => b >= busiestBlock && b < busiestBlock + 16n).reduce((n, [, c]) => n + c, 0);
    expect(inRange).toBeGreaterThan(busiest);
    const read = await readIndexLogs({
      client, fromBlock: busiestBlock, toBlock: busiestBlock + 15n, span: 16n, targetResults: busiest, budget: unlimitedIndexBudget(),
    });
    expect(read.logs).toHaveLength(inRange);
    expect(read.span).toBe(1n); // the busiest block alone fills the target; halving would have left 8
  });

  it("until an answer holds logs a read sends one range a round: across empty blocks, then busy ones, only one answer carries logs", async () => {
    // Twelve empty blocks, then eight blocks of one Sync each (V2 pairs' sync(), which anyone may call).
    const from = (await bed.client.getBlockNumber({ cacheTime: 0 })) + 1n;
    await bed.client.request({ method: "anvil_mine" as never, params: ["0xc"] as never });
    const pairs = bed.manifest.pools.filter((p) => p.protocol === "uniswap-v2").slice(0, 8).map((p) => p.address.toLowerCase() as Address);
    const caller = "0x00000000000000000000000000000000005a1ce6" as Address;
    await bed.client.request({ method: "anvil_impersonateAccount" as never, params: [caller] as never });
    await bed.client.request({ method: "anvil_setBalance" as never, params: [caller, "0x56BC75E2D63100000"] as never });
    const wallet = createWalletClient({ account: caller, transport: http(bed.manifest.rpcUrl) });
    for (const pair of pairs) {
      const hash = await wallet.writeContract({ address: pair, abi: parseAbi(["function sync()"]), functionName: "sync", chain: null, gas: 300_000n });
      expect((await bed.client.waitForTransactionReceipt({ hash })).status).toBe("success");
    }
    await bed.client.request({ method: "anvil_stopImpersonatingAccount" as never, params: [caller] as never });
    const head = await bed.client.getBlockNumber({ cacheTime: 0 });
    const proxy = await startLimitedRpcProxy({ target: bed.manifest.rpcUrl });
    try {
      const client = createPublicClient({ transport: http(proxy.url) });
      const part = await readIndexLogs({ client, fromBlock: from, toBlock: head, span: 1n, concurrency: 4, maxLogs: 1, budget: unlimitedIndexBudget() });
      console.log(`${proxy.getLogs.length} eth_getLogs, span:results ${proxy.getLogs.map((g) => `${g.span}:${g.results}`).join(",")}`);
      // Four ranges a round would have sent ranges past the first busy one, each answered whole.
      expect(proxy.getLogs.filter((g) => g.results > 0)).toHaveLength(1);
      expect(part.reached).toBe(from + 12n);
      expect(part.logs).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it("a cold index whose slices hold at most 3 logs takes more slices and ends with the same graph as one unbounded run", async () => {
    const one = await indexUntilReady({ ...sourceVia(bed.manifest.rpcUrl), budget: unbounded });
    // Answers of a few blocks (the devnet's whole history would fit one), so a slice can end between them.
    const proxy = await startLimitedRpcProxy({ target: bed.manifest.rpcUrl, maxBlockRange: 2 });
    try {
      const sliced = async (maxLogsPerSlice?: number) => {
        let slices = 0;
        const { graph } = await indexUntilReady({
          ...sourceVia(proxy.url), budget: unbounded, maxLogsPerSlice, onInvocation: (r) => { slices += r.slices; },
        });
        return { graph, slices };
      };
      const plain = await sliced();
      const bounded = await sliced(3);
      console.log(`slices: ${plain.slices} unbounded, ${bounded.slices} at 3 logs a slice`);
      expect(bounded.slices).toBeGreaterThan(plain.slices);
      expect(content(bounded.graph)).toEqual(content(one.graph));
      expect(content(plain.graph)).toEqual(content(one.graph));
    } finally {
      await proxy.close();
    }
  });
});

describe("a ready chain busier than one pass's logs", () => {
  it("one run goes pass after pass to the head while its budget allows; a tight budget stops short and the next run continues", async () => {
    // Ranges of two blocks and passes of at most 3 logs, so two dozen new blocks of logs take several passes.
    const proxy = await startLimitedRpcProxy({ target: bed.manifest.rpcUrl, maxBlockRange: 2 });
    try {
      const source = { ...sourceVia(proxy.url), maxLogsPerSlice: 3 };
      await indexUntilReady({ ...source, budget: unbounded });
      // New activity: V2 pairs' sync() (anyone may call it), each a Sync in a block of its own.
      const pairs = bed.manifest.pools.filter((p) => p.protocol === "uniswap-v2").slice(0, 4).map((p) => p.address.toLowerCase() as Address);
      const caller = "0x00000000000000000000000000000000005a1ce5" as Address;
      await bed.client.request({ method: "anvil_impersonateAccount" as never, params: [caller] as never });
      await bed.client.request({ method: "anvil_setBalance" as never, params: [caller, "0x56BC75E2D63100000"] as never });
      const wallet = createWalletClient({ account: caller, transport: http(bed.manifest.rpcUrl) });
      for (let round = 0; round < 6; round++) {
        for (const pair of pairs) {
          const hash = await wallet.writeContract({ address: pair, abi: parseAbi(["function sync()"]), functionName: "sync", chain: null, gas: 300_000n });
          expect((await bed.client.waitForTransactionReceipt({ hash })).status).toBe("success");
        }
      }
      await bed.client.request({ method: "anvil_stopImpersonatingAccount" as never, params: [caller] as never });
      const head = await bed.client.getBlockNumber({ cacheTime: 0 });

      const tight = await updateStoredGraph({ ...source, budget: { maxSubrequests: 12, maxMs: 600_000 } });
      expect(tight.advanced).toBe(true);
      expect(tight.graph!.block).toBeLessThan(head);
      const run = await updateStoredGraph({ ...source, budget: unbounded });
      console.log(`a tight run: ${tight.slices} pass(es) to block ${tight.graph!.block}; the next: ${run.slices} passes to the head ${head}`);
      expect(run.graph!.block).toBe(head);
      expect(run.slices, `tight ${tight.slices} to ${tight.graph!.block}, run ${run.slices}, head ${head}`).toBeGreaterThan(1);
      expect(run.progress).toMatchObject({ phase: "ready", block: head });
      expect([...tight.changedPools, ...run.changedPools]).toEqual(expect.arrayContaining(pairs));
      // The same graph as a fresh index of the chain at that head.
      const fresh = await indexUntilReady({ ...sourceVia(bed.manifest.rpcUrl), budget: unbounded });
      expect(fresh.graph.block).toBe(head);
      expect(content((await source.store.read("base"))!)).toEqual(content(fresh.graph));
    } finally {
      await proxy.close();
    }
  });
});

describe("V3 pools from current state (TickLens: tick bitmap words, then ticks)", () => {
  it("every devnet V3 pool indexed without its history has exactly the ticks its Mint/Burn history names", async () => {
    // No look-back: the cold index never reads a pool event before its target block.
    const source = { ...sourceVia(bed.manifest.rpcUrl), tradeLookbackBlocks: 0n };
    const { graph } = await indexUntilReady({ ...source, budget: unbounded });
    const v3 = bed.manifest.pools.filter((p) => p.protocol === "uniswap-v3");
    expect(v3.length).toBeGreaterThanOrEqual(4);
    for (const p of v3) {
      const address = p.address.toLowerCase() as Address;
      const logs = await bed.client.getLogs({ address, events: v3PoolEvents.filter((e) => e.name === "Mint" || e.name === "Burn"), fromBlock: 0n, toBlock: graph.block, strict: true });
      const named = [...new Set(logs.flatMap((l) => [Number((l.args as { tickLower: number }).tickLower), Number((l.args as { tickUpper: number }).tickUpper)]))];
      const history = (await readPoolStates({ client: bed.client, requests: [{ protocol: "uniswap-v3", address, ticks: named }], blockNumber: graph.block })).states.get(address) as V3State;
      const fromHistory = [...history.ticks].filter(([, net]) => net !== null).sort((a, b) => a[0] - b[0]);
      const pool = graph.pools.get(address) as V3Pool;
      expect(pool).toBeInstanceOf(V3Pool);
      expect(pool.ticks.map((t) => [t.index, t.liquidityNet])).toEqual(fromHistory);
      expect(pool.liquidity).toBe(history.liquidity);
      expect(pool.sqrtPriceX96).toBe(history.sqrtPriceX96);
    }
    // The ladder pool: ten staggered positions, twenty initialized ticks.
    expect(Math.max(...v3.map((p) => (graph.pools.get(p.address.toLowerCase() as Address) as V3Pool).ticks.length))).toBeGreaterThanOrEqual(20);
  });
});

describe("a Burn only marks its pool changed", () => {
  it("the next incremental pass re-reads the bitmap words of the Burn's ticks: the burnt position's ticks are gone, the pool equals a full read", async () => {
    const source = sourceVia(bed.manifest.rpcUrl);
    const { graph } = await indexUntilReady({ ...source, budget: unbounded });
    // The ladder pool's outermost position: its two ticks belong to no other position.
    const ladder = bed.manifest.pools.filter((p) => p.protocol === "uniswap-v3")
      .map((p) => graph.pools.get(p.address.toLowerCase() as Address) as V3Pool)
      .sort((a, b) => b.ticks.length - a.ticks.length)[0]!;
    // The seeder holds the positions (the devnet has no position manager): it burns the widest whole.
    const widest = await burnV3Position({ client: bed.client, rpcUrl: bed.manifest.rpcUrl, pool: ladder.address });
    expect(ladder.ticks.map((t) => t.index)).toEqual(expect.arrayContaining([widest.tickLower, widest.tickUpper]));

    const pass = await updateStoredGraph(source);
    const after = pass.graph!.pools.get(ladder.address) as V3Pool;
    expect(after.ticks.map((t) => t.index)).not.toContain(widest.tickLower);
    expect(after.ticks.map((t) => t.index)).not.toContain(widest.tickUpper);
    expect(after.ticks.length).toBe(ladder.ticks.length - 2);
    const full = (await readPoolStates({ client: bed.client, requests: [{ protocol: "uniswap-v3", address: ladder.address, tickSpacing: ladder.tickSpacing, tickWords: "all" }], blockNumber: pass.graph!.block })).states.get(ladder.address) as V3State;
    expect(after.ticks.map((t) => [t.index, t.liquidityNet])).toEqual([...full.ticks].sort((a, b) => a[0] - b[0]));
    expect(after.liquidity).toBe(full.liquidity);
  });
});
