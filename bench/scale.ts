/**
 * Real-chain scale, in process: `pnpm bench:scale` (SIZES=10k,50k,ethereum to choose).
 *
 * Builds mainnet-like universes (`generateMainnetLikeGraph`: power-law liquidity, hubs, dust pools, odd tokens) at
 * 10k and 50k pools and at Ethereum size (400k V2 + 40k V3 pools, 350k tokens), and prints one JSON line per size:
 *   poolsIndexed, poolsRoutable (both tokens listed and at least ROUTABLE_USD of liquidity), encodedBytes (the graph
 *   as the store keeps it today: one value), largestValueBytes (the largest Redis value), heapMB (heap after loading
 *   the graph), loadMs (decoding the stored value), quoteP50Ms / quoteP99Ms (route search + quote assembly over random
 *   pairs of listed tokens), blockUpdateCpuMs (one block with 200 changed pools: today the whole graph is re-encoded).
 * Targets at Ethereum size (issue 17): largest value ≤ 1 MB, heap ≤ 64 MB, quote p50 ≤ 2 ms, p99 ≤ 10 ms, block
 * update ≤ 200 ms. Nothing asserts; it prints what the current code does.
 */
import {
  assembleQuote, createRoutingGraphCache, decodeGraph, encodeGraph, findFreshRoute, isListedToken, valueInUsd, V2Pool,
  type FindFreshRouteReturnType,
} from "@sluice/core";
import { generateMainnetLikeGraph } from "@sluice/testkit";
import type { Address } from "viem";

const ROUTABLE_USD = 10_000;
const QUERIES = Number(process.env.QUERIES ?? 200);
const SIZES: Record<string, { v2Pools: number; v3Pools: number; tokens: number }> = {
  "10k": { v2Pools: 9_000, v3Pools: 1_000, tokens: 4_000 },
  "50k": { v2Pools: 45_000, v3Pools: 5_000, tokens: 30_000 },
  ethereum: { v2Pools: 400_000, v3Pools: 40_000, tokens: 350_000 },
};
const wanted = (process.env.SIZES ?? "10k,50k,ethereum").split(",");

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (n: number) => Math.round(n * 100) / 100;

for (const size of wanted) {
  const spec = SIZES[size];
  if (!spec) throw new Error(`unknown size ${size}`);
  const { graph } = generateMainnetLikeGraph({ ...spec, seed: 7 });
  const listed = (t: Address) => isListedToken(graph, "base", t);
  let poolsRoutable = 0;
  for (const pool of graph.pools.values()) {
    if (!listed(pool.token0) || !listed(pool.token1)) continue;
    const { reserveIn, reserveOut } = pool.virtualReserves(pool.token0);
    void reserveOut;
    const usd = valueInUsd(graph, pool.token0, BigInt(Math.floor(Math.min(reserveIn, 1e30))));
    if (usd && Number(usd.numerator / usd.denominator) * 2 >= ROUTABLE_USD) poolsRoutable++;
  }

  const encoded = encodeGraph(graph);
  const encodedBytes = Buffer.byteLength(encoded);
  (globalThis as { gc?: () => void }).gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const loadStarted = performance.now();
  const loaded = decodeGraph(encoded)!;
  const loadMs = performance.now() - loadStarted;
  (globalThis as { gc?: () => void }).gc?.();
  const heapMB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

  const routingGraphs = createRoutingGraphCache();
  const tokens = [...loaded.tokens.values()].filter((t) => listed(t.address) && (loaded.poolsByToken.get(t.address)?.length ?? 0) > 0);
  let seed = 11;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const samples: number[] = [];
  let routed = 0;
  routingGraphs.of(loaded); // the router's index is built once per graph, not per quote
  for (let i = 0; i < QUERIES; i++) {
    const from = tokens[Math.floor(random() * tokens.length)]!;
    const to = tokens[Math.floor(random() * tokens.length)]!;
    if (from.address === to.address) continue;
    const amountIn = 10n ** BigInt(from.decimals);
    const started = performance.now();
    try {
      const { route } = findFreshRoute({ graph: loaded, routingGraphs, tokenIn: from.address, tokenOut: to.address, amountIn, canHop: listed }) as FindFreshRouteReturnType;
      assembleQuote({ graph: loaded, chain: "base", tokenIn: { ...from, listed: true }, tokenOut: { ...to, listed: true }, route, gaslessMinimumUsd: "20",
        executor: null, withPermit: false, nowSeconds: 1_800_000_000, slippageBps: 5, block: loaded.block, poolsRefreshed: 0 });
      routed++;
    } catch {
      // no route between these two
    }
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);

  // One block with 200 changed pools: state replaced, then the graph written as the store writes it today.
  const updateStarted = process.cpuUsage();
  const changed = [...loaded.pools.values()].filter((p) => p instanceof V2Pool).slice(0, 200) as V2Pool[];
  for (const pool of changed) {
    loaded.pools.set(pool.address, new V2Pool({ address: pool.address, token0: pool.token0, token1: pool.token1, reserve0: pool.reserve0 + 1n, reserve1: pool.reserve1 }) as never);
  }
  encodeGraph(loaded);
  const cpu = process.cpuUsage(updateStarted);

  console.log(JSON.stringify({
    size, poolsIndexed: graph.pools.size, poolsRoutable, tokens: graph.tokens.size, encodedBytes, largestValueBytes: encodedBytes,
    heapMB: round(heapMB), loadMs: round(loadMs), quoteP50Ms: round(percentile(samples, 50)), quoteP99Ms: round(percentile(samples, 99)),
    quotesRouted: `${routed}/${samples.length}`, blockUpdateCpuMs: round((cpu.user + cpu.system) / 1000),
  }));
}
