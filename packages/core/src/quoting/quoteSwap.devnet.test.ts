import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, formatUnits, http, parseUnits, type Address, type PublicClient } from "viem";
import { encodeGraphShard, decodeGraphShard, type GraphShard } from "../indexer/graphCodec.js";
import { indexChain } from "../indexer/indexChain.js";
import { createGraphCache } from "../indexer/graphCache.js";
import { loadGraph } from "../indexer/loadGraph.js";
import { refreshPoolsAtHead } from "../indexer/refreshPoolsAtHead.js";
import { updateStoredGraph } from "../indexer/updateStoredGraph.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import { V2Pool } from "../pools/v2/v2Pool.js";
import { V3Pool } from "../pools/v3/v3Pool.js";
import { findCandidatePaths } from "../routing/findCandidatePaths.js";
import { createPoolGraph } from "../routing/poolGraph.js";
import { netOfGas } from "../routing/netOfGas.js";
import { quotePath } from "../routing/quotePath.js";
import { quoteRoute } from "../routing/quoteRoute.js";
import { quoteSwap, type QuoteSwapParameters } from "./quoteSwap.js";
import { ratioToDecimal } from "./decimalFraction.js";
import { routingGasCostOut } from "./routingGasCostOut.js";
import { valueInUsd } from "./valueInUsd.js";
import {
  executeRoute, quoterV2ExactIn, quotingScenario, simulateRoute, startCountedClient, startQuotingTestbed, startSilentServer, type QuotingTestbed,
} from "@sluice/testkit";
import type { ChainHeadCache } from "../chains/readChainHead.js";
import { chains } from "../chains/chains.js";

let bed: QuotingTestbed;
let graph: ChainGraph;

beforeAll(async () => {
  bed = await startQuotingTestbed(quotingScenario);
  graph = await loadGraph(bed.source);
});
afterAll(async () => bed?.stop());

const E18 = 10n ** 18n;
const quote = (from: string, to: string, amount: string, extra: Partial<QuoteSwapParameters> = {}) =>
  // The quoting world's pools hold a few hundred dollars: the dust rule (mainnetLike test) is off here.
  quoteSwap({ chain: "base", deployment: bed.source.deployment, source: bed.source, routingGraphs: bed.routingGraphs, from: { token: from }, to: { token: to }, amount, minPoolPayoutUsd: 0, ...extra });
const poolOf = (protocol: "uniswap-v2" | "uniswap-v3", a: string, b: string) => {
  const [x, y] = [bed.token(a), bed.token(b)];
  const pool = [...graph.pools.values()].find((p) => p.protocol === protocol && [p.token0, p.token1].includes(x) && [p.token0, p.token1].includes(y));
  if (!pool) throw new Error(`no ${protocol} ${a}/${b}`);
  return pool;
};
/** The graph's current copy of a pool (refreshed pools are replaced by new objects). */
const current = (address: Address) => bed.source.cache.get("base")!.graph.pools.get(address)!;
const single = (pool: { address: Address; protocol: string; fee: number }, tokenIn: Address, tokenOut: Address, amountIn: bigint) =>
  ({ splits: [{ amountIn, hops: [pool.protocol === "uniswap-v2"
    ? { pool: pool.address, kind: "v2" as const, tokenIn, tokenOut }
    : { pool: pool.address, kind: "v3" as const, fee: pool.fee, tokenIn, tokenOut }] }] });

describe("indexer", () => {
  it("discovers every pool of the scenario with its tokens' metadata and trade times", () => {
    expect(graph.pools.size).toBe(bed.manifest.pools.length);
    for (const p of bed.manifest.pools) expect(graph.pools.has(p.address.toLowerCase() as Address)).toBe(true);
    const tkc = graph.tokens.get(bed.token("TKC"))!;
    expect(tkc).toMatchObject({ symbol: "TKC", decimals: 6, quality: 100 });
    expect(tkc.lastTradeAt).toBeGreaterThan(0);
    expect((poolOf("uniswap-v3", "TKA", "TKB") as V3Pool).ticks.length).toBeGreaterThanOrEqual(18);
  });

  it("round-trips through its compact encoding", () => {
    const text = encodeGraphShard(whole(graph));
    expect(encodeGraphShard(decodeGraphShard(text)!)).toBe(text);
  });
});

/** The whole graph as one shard (the codec's unit). */
const whole = (g: ChainGraph): GraphShard => ({ tokens: [...g.tokens.values()], pools: [...g.pools.values()], pending: [...g.pending.values()] });

describe("pool math equals the chain", () => {
  it("V2: getAmountOut equals what the executor pays, up to draining the pair", async () => {
    const pool = poolOf("uniswap-v2", "TKA", "TKB");
    const [tka, tkb] = [bed.token("TKA"), bed.token("TKB")];
    await fc.assert(fc.asyncProperty(fc.bigInt({ min: 10n ** 6n, max: 500_000n * E18 }), fc.boolean(), async (amountIn, forward) => {
      const [tokenIn, tokenOut] = forward ? [tka, tkb] : [tkb, tka];
      const { amountOut } = current(pool.address).quoteExactIn(tokenIn, amountIn);
      fc.pre(amountOut > 0n);
      expect(await simulateRoute(bed, single(pool, tokenIn, tokenOut, amountIn))).toBe(amountOut);
    }), { numRuns: 25 });
  });

  it("V3: the TypeScript swap equals QuoterV2 for random amounts, crossing many ticks and draining the thin pool", async () => {
    const ladder = poolOf("uniswap-v3", "TKA", "TKB") as V3Pool;
    const thin = poolOf("uniswap-v3", "TKA", "TKC") as V3Pool;
    let maxCrossed = 0;
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(ladder, thin), fc.boolean(), fc.bigInt({ min: 1n, max: 10n ** 24n }), fc.integer({ min: 0, max: 24 }),
      async (pool, zeroForOne, mantissa, exponent) => {
        const amountIn = 1n + (mantissa % 10n ** BigInt(exponent));
        const p = current(pool.address) as V3Pool;
        const [tokenIn, tokenOut] = zeroForOne ? [p.token0, p.token1] : [p.token1, p.token0];
        const ours = p.quoteExactIn(tokenIn, amountIn);
        maxCrossed = Math.max(maxCrossed, ours.initializedTicksCrossed);
        expect(await quoterV2ExactIn(bed, { tokenIn, tokenOut, fee: p.fee, amountIn })).toBe(ours.amountOut);
      },
    ), { numRuns: 40 });
    // big trades through the ladder cross most of its initialized ticks
    const p = current(ladder.address) as V3Pool;
    const drain = p.quoteExactIn(p.token0, 100_000n * E18);
    expect(drain.initializedTicksCrossed).toBeGreaterThanOrEqual(8);
    expect(await quoterV2ExactIn(bed, { tokenIn: p.token0, tokenOut: p.token1, fee: p.fee, amountIn: 100_000n * E18 })).toBe(drain.amountOut);
  });
});

describe("quotes", () => {
  it("the route beats or equals every single candidate path, net of its gas at the chain's routing gas price", async () => {
    const routing = createPoolGraph([...bed.source.cache.get("base")!.graph.pools.values()]);
    // what the router counts: gas at base's routingGasPriceWei, in TKB at the graph's reference prices (WETH 3000 USDC)
    const gasCostOut = routingGasCostOut(bed.source.cache.get("base")!.graph, bed.token("TKB"), chains.base.routingGasPriceWei)!;
    expect(gasCostOut).toBeDefined();
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 120 }), async (whole) => {
      const q = await quote("TKA", "TKB", String(whole));
      const paths = findCandidatePaths(routing, { tokenIn: bed.token("TKA"), tokenOut: bed.token("TKB"), probeAmounts: [whole * 1e18, whole * 1e18 / 32], maxHops: 3, maxPaths: 16, beamWidth: 8 });
      expect(paths.length).toBeGreaterThan(1);
      for (const path of paths) {
        const alone = quotePath(path, q.amountIn) && quoteRoute(q.route.tokenIn, q.route.tokenOut, [{ path, amountIn: q.amountIn }]);
        if (alone) expect(netOfGas(q.route, gasCostOut)).toBeGreaterThanOrEqual(netOfGas(alone, gasCostOut));
      }
    }), { numRuns: 12 });
  });

  it("routes are chosen net of gas at the deployment's routing gas price: at 0 the split that pays most, at a huge one the cheapest single path", async () => {
    const at = (routingGasPriceWei: string) => quote("TKA", "TKB", "30", { deployment: { ...bed.source.deployment, routingGasPriceWei } });
    const free = await at("0");
    expect(free.route.splits.length).toBeGreaterThan(1);
    // 1e15 wei (a million gwei) a gas: each hop costs about 60 ETH, far more than any split or hop gains here
    const dear = await at("1000000000000000");
    expect(dear.route.splits).toHaveLength(1);
    expect(dear.route.splits[0]!.hops).toHaveLength(1);
    expect(dear.route.gasEstimate).toBeLessThan(free.route.gasEstimate);
    expect(dear.amountOut).toBeLessThan(free.amountOut);
    // the chain's own price (0.01 gwei on base) keeps a split that gains more than its gas
    const gasCostOut = routingGasCostOut(bed.source.cache.get("base")!.graph, bed.token("TKB"), chains.base.routingGasPriceWei)!;
    const usual = await quote("TKA", "TKB", "30");
    expect(netOfGas(usual.route, gasCostOut)).toBeGreaterThanOrEqual(netOfGas(free.route, gasCostOut));
    expect(netOfGas(usual.route, gasCostOut)).toBeGreaterThanOrEqual(netOfGas(dear.route, gasCostOut));
  });

  it("a quote executed on unchanged state pays exactly amountOut; the next quote sees the state the swap left", async () => {
    let splits = 0;
    for (const amount of ["60", "7.5", "90"]) {
      const q = await quote("TKA", "TKB", amount);
      splits = Math.max(splits, q.route.splits.length);
      expect(await simulateRoute(bed, q.executorRoute)).toBe(q.amountOut);
      expect(await executeRoute(bed, q.executorRoute, q.amountOut)).toBe(q.amountOut);
    }
    expect(splits).toBeGreaterThanOrEqual(2);
    // the graph is older than the chain now: the next quote re-reads the pools it uses (one multicall)
    const after = await quote("TKA", "TKB", "10");
    expect(after.poolsRefreshed).toBeGreaterThan(0);
    expect(await simulateRoute(bed, after.executorRoute)).toBe(after.amountOut);
  });

  it("without a head (/solve's re-quote) the pools are read at the latest block with its number: no eth_blockNumber, the block is recorded as seen", async () => {
    const rpc = await startCountedClient(bed.manifest.rpcUrl, bed.client.chain);
    try {
      await bed.client.request({ method: "evm_mine" as never });
      const seenHeads: ChainHeadCache = new Map();
      const q = await quote("TKA", "TKB", "10", { source: { ...bed.source, client: rpc.client }, seenHeads });
      const latest = await bed.client.getBlockNumber({ cacheTime: 0 });
      expect(q.block).toBe(latest);
      expect(q.poolsRefreshed).toBeGreaterThan(0);
      expect(rpc.counter.snapshot().rpc?.byName.eth_blockNumber).toBeUndefined();
      // The V3 ticks near each price came in the same call: no Mint/Burn log query.
      expect(rpc.counter.snapshot().rpc?.byName.eth_getLogs).toBeUndefined();
      expect(seenHeads.get("base")?.block).toBe(latest);
      expect(await simulateRoute(bed, q.executorRoute)).toBe(q.amountOut);
    } finally {
      await rpc.close();
    }
  });

  it("without a head, a route through a V3 pool whose price left the ticks read around the graph's tick is searched again on all its ticks, and pays exactly", async () => {
    const rpc = await startCountedClient(bed.manifest.rpcUrl, bed.client.chain);
    try {
      // An isolate's graph, read now; then the chain's TKC/TKB price moves far beyond the ±2,000 ticks the quote reads
      // around the tick that graph knows.
      const stale = { ...bed.source, client: rpc.client, cache: createGraphCache() };
      const address = poolOf("uniswap-v3", "TKC", "TKB").address;
      const known = (await loadGraph(stale)).pools.get(address) as V3Pool;
      // The pool as the chain has it now (every tick within ±10,000 of its price: all of this pool's).
      const now = await loadGraph({ ...bed.source, cache: createGraphCache() });
      const pool = (await refreshPoolsAtHead({ graph: now, client: bed.client, pools: [address], nearTickCount: 10_000 })).nearTicks.get(address)!;
      const [tkc, tkb] = [bed.token("TKC"), bed.token("TKB")];
      // How far from the known tick selling `amount` TKC takes the price (past the pool's last position: infinitely).
      const distance = (amount: bigint) => {
        try { return Math.abs(pool.quoteExactIn(tkc, amount).poolAfter.tick - known.tick); } catch { return Infinity; }
      };
      let [low, high] = [0n, 10n ** 6n];
      while (distance(high) <= 2_600) [low, high] = [high, high * 2n];
      while (high - low > 1n) {
        const mid = (low + high) / 2n;
        if (distance(mid) > 2_600) high = mid;
        else low = mid;
      }
      expect(distance(high)).not.toBe(Infinity);
      await executeRoute(bed, single(pool, tkc, tkb, high));

      const q = await quote("TKB", "TKC", "1", { source: stale });
      expect(q.route.splits.flatMap((split) => split.hops.map((hop) => hop.poolAddress))).toContain(address);
      expect(rpc.counter.snapshot().rpc?.byName.eth_getLogs).toBeGreaterThanOrEqual(1);
      expect(await simulateRoute(bed, q.executorRoute)).toBe(q.amountOut);
    } finally {
      await rpc.close();
    }
  });

  it("on a chain whose calls see another chain's block number (Arbitrum), a quote without a head reads the head first", async () => {
    const rpc = await startCountedClient(bed.manifest.rpcUrl, bed.client.chain);
    // The registry's flag for the test chain, as Arbitrum's is: Multicall3's block number would be Ethereum's there.
    const registry = chains.base as { callBlockIsChainBlock: boolean };
    registry.callBlockIsChainBlock = false;
    try {
      await bed.client.request({ method: "evm_mine" as never });
      const seenHeads: ChainHeadCache = new Map();
      const q = await quote("TKA", "TKB", "10", { source: { ...bed.source, client: rpc.client }, seenHeads });
      expect(q.block).toBe(await bed.client.getBlockNumber({ cacheTime: 0 }));
      expect(rpc.counter.snapshot().rpc?.byName.eth_blockNumber).toBe(1);
      expect(seenHeads.size).toBe(0);
      expect(await simulateRoute(bed, q.executorRoute)).toBe(q.amountOut);
    } finally {
      registry.callBlockIsChainBlock = true;
      await rpc.close();
    }
  });

  it("priceImpactBps on an isolated V2 pair matches 10000 × (1 − out ÷ (in × r1/r0)), rounded up", async () => {
    const pair = current(poolOf("uniswap-v2", "TKE", "TKF").address) as V2Pool;
    const tke = bed.token("TKE");
    const [rIn, rOut] = pair.token0 === tke ? [pair.reserve0, pair.reserve1] : [pair.reserve1, pair.reserve0];
    for (const amount of ["1", "10", "25"]) {
      const q = await quote("TKE", "TKF", amount);
      const a = q.amountIn;
      const expected = ((a * rOut - q.amountOut * rIn) * 10_000n + a * rOut - 1n) / (a * rOut);
      expect(q.priceImpactBps).toBe(Number(expected));
      expect(q.amountOut).toBe((a * 997n * rOut) / (rIn * 1000n + a * 997n));
    }
    await expect(quote("TKE", "TKF", "100")).rejects.toMatchObject({ code: "PRICE_IMPACT_TOO_HIGH" });
  });

  it("volumeUsd is the curated side's value: stablecoin exact, a hub through its pool; between two uncurated tokens 0, never gasless", async () => {
    expect((await quote("USDC", "TKA", "12.345678")).volumeUsd).toBe("12.345678");
    // An uncurated input is worth the curated output it buys.
    const sold = await quote("TKD", "USDC", "10");
    expect(sold.volumeUsd).toBe(formatUnits(sold.amountOut, 6));
    // TKD and TKA are priced by their pools (TKD = 2 USD, through two): pools anyone can make, so their swap earns
    // nothing and is not gasless, whatever those pools say (12 TKD would be 24 USD, past base's 20 USD minimum).
    const between = await quote("TKD", "TKA", "12");
    expect(between).toMatchObject({ volumeUsd: "0", gaslessEligible: false });
    // Not even where the deployment sets a gasless minimum of 0: a swap worth 0 by these rules is never sent by Sluice.
    const free = { deployment: { ...bed.source.deployment, gaslessMinimumUsd: "0" } };
    expect(await quote("TKD", "TKA", "12", free)).toMatchObject({ volumeUsd: "0", gaslessEligible: false });
    expect(await quote("USDC", "TKA", "1", free)).toMatchObject({ volumeUsd: "1", gaslessEligible: true });
    const weth = Number((await quote("WETH", "USDC", "2")).volumeUsd);
    expect(weth).toBeGreaterThan(5999);
    expect(weth).toBeLessThan(6001);
  });

  it("a dust amount whose output rounding alone makes the impact too high is told to use a larger amount, not a smaller one", async () => {
    await expect(quote("WETH", "USDC", "0.000000001")).rejects.toThrow(
      expect.objectContaining({ code: "PRICE_IMPACT_TOO_HIGH", message: expect.stringMatching(/^Price impact too high: \d+ bps exceeds the 500 bps maximum; the output \(\d+ raw units of USDC\) is too small to be priced fairly; use a larger amount$/) }),
    );
  });

  it("gasless boundary (base: 20 USD): just below is not eligible, at and above are, with a permit for the executor", async () => {
    const below = await quote("USDC", "TKA", "19.999999");
    expect(below).toMatchObject({ gaslessEligible: false, volumeUsd: "19.999999", gaslessMinimumUsd: "20" });
    // Past six places the volume is rounded down (a swap worth 19.9999996 USD reads, and is credited, 19.999999, not
    // "20 USD is below the 20 USD minimum"): a WETH amount whose value's seventh place would round up.
    const amounts = Array.from({ length: 20 }, (_, i) => `0.00666666${50 + i}`);
    const WETH = chains.base.curatedTokens.find((t) => t.symbol === "WETH")!.address;
    const value = (amount: string) => valueInUsd(graph, WETH, parseUnits(amount, 18))!;
    const roundsUp = amounts.find((a) => ratioToDecimal(value(a), 6) !== ratioToDecimal(value(a), 6, "floor"))!;
    expect(roundsUp).toBeDefined();
    expect((await quote("WETH", "USDC", roundsUp)).volumeUsd).toBe(ratioToDecimal(value(roundsUp), 6, "floor"));
    for (const amount of ["20", "20.000001"]) {
      const q = await quote("USDC", "TKA", amount);
      expect(q.gaslessEligible).toBe(true);
      expect(q.permit!.message.spender.toLowerCase()).toBe(bed.executor.toLowerCase());
      expect(q.permit!.message.permitted.amount).toBe(q.amountIn.toString());
    }
  });
});

describe("a node that stops answering", () => {
  it("a quote answers DEPENDENCY_DOWN by its deadline, even through a client without a timeout", async () => {
    const silent = await startSilentServer();
    try {
      const stuck = createPublicClient({ transport: http(silent.url, { timeout: 0, retryCount: 0 }) }) as PublicClient;
      const source = { ...bed.source, client: stuck };
      await expect(quote("TKA", "TKB", "10", { source, deadlineMs: 300 })).rejects.toMatchObject({ code: "DEPENDENCY_DOWN", message: expect.stringContaining("base") });
      // A head another stage supplies and a refresh that never ends: the route stage is bounded too.
      await expect(quote("TKA", "TKB", "10", { head: async () => 1n << 60n, refresh: () => new Promise(() => {}), deadlineMs: 300 }))
        .rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
    } finally {
      await silent.close();
    }
  });
});

describe("the router's own failures", () => {
  it("are not answered as an outage: only the pool refresh is upstream work", async () => {
    const pool = poolOf("uniswap-v2", "TKA", "TKB") as V2Pool;
    // A state no read produces (reserves as text, as a codec bug could leave them): the router's estimates take it,
    // its exact pool math fails with a TypeError, as a bug in the search would.
    const corrupt = Object.assign(Object.create(V2Pool.prototype) as V2Pool, pool, { reserve0: String(pool.reserve0), reserve1: String(pool.reserve1) });
    const broken: ChainGraph = { ...graph, pools: new Map(graph.pools).set(pool.address, corrupt), refreshedAt: new Map() };
    const cache = createGraphCache();
    cache.remember(broken);
    const failure = await quote("TKA", "TKB", "10", { source: { ...bed.source, cache }, head: async () => broken.block, refresh: async () => 0, deadlineMs: 5_000 })
      .then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as { code?: string }).code).toBeUndefined(); // not DEPENDENCY_DOWN: the API answers 500 INTERNAL
    // The same failure from the refresh (a dependency) is an outage.
    await expect(quote("TKA", "TKB", "10", { head: async () => 1n << 60n, refresh: async () => { throw new TypeError("fetch failed"); }, deadlineMs: 5_000 }))
      .rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
  });
});

describe("incremental indexing", () => {
  it("a pass reads only the new blocks and ends with the same pool state as a fresh index", async () => {
    const before = bed.source.cache.get("base")!.graph.block;
    const update = await updateStoredGraph(bed.source);
    expect(update.progress.phase).toBe("ready");
    expect(update.graph!.block).toBeGreaterThanOrEqual(before);
    const fresh = await indexChain({ ...bed.source, graph: null, toBlock: update.graph!.block });
    const pools = (g: ChainGraph) => JSON.parse(encodeGraphShard(whole(g))).v3.concat(JSON.parse(encodeGraphShard(whole(g))).v2).sort();
    expect(pools(update.graph!)).toEqual(pools(fresh.graph));
  });
});
