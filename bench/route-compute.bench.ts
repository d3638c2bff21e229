/**
 * Route compute time per quote on synthetic graphs: ~60 pools and 10,000 pools, a mix of V2 pairs and V3 pools of
 * every fee tier with initialized ticks. Run: pnpm vitest bench --run bench/route-compute.bench.ts
 * Besides vitest's table, prints p50 / p99 from a plain timing loop over varied queries.
 */
import { bench, describe } from "vitest";
import type { Pool } from "../packages/core/src/pools/types.js";
import { V2Pool } from "../packages/core/src/pools/v2/v2Pool.js";
import { getSqrtRatioAtTick } from "../packages/core/src/pools/v3/math/getSqrtRatioAtTick.js";
import { makeV3Pool, type Position, seededRandom } from "@sluice/testkit";
import { findBestRoute, RouteError } from "../packages/core/src/routing/index.js";
import { createPoolGraph, type PoolGraph } from "../packages/core/src/routing/poolGraph.js";

type Address = `0x${string}`;


const addr = (n: number): Address => `0x${n.toString(16).padStart(40, "0")}` as Address;
const TIERS = [
  [100, 1],
  [500, 10],
  [3000, 60],
  [10000, 200],
] as const;

/**
 * `tokens` tokens, the first `hubs` of them paired widely; each pool joins a random token with a hub (80%) or another
 * random token, is V2 (40%) or V3 of a random tier with 2–12 positions around a random price, and has a depth drawn
 * over four orders of magnitude. Token "units" are 18-decimal and prices ~1 so amounts are comparable.
 */
function makePools(count: number, tokens: number, hubs: number, seed: number): Pool[] {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const pools: Pool[] = [];
  const pairs = new Set<string>();
  for (let i = 0; pools.length < count; i++) {
    const a = 1 + (random() < 0.8 ? pick(hubs) : pick(tokens));
    const b = 1 + pick(tokens);
    if (a === b) continue;
    const [t0, t1] = a < b ? [addr(a), addr(b)] : [addr(b), addr(a)];
    const depth = BigInt(Math.floor(10 ** (3 + random() * 4))) * 10n ** 18n;
    const priceTick = Math.floor((random() - 0.5) * 2000);
    if (random() < 0.4) {
      const key = `${t0}${t1}v2`;
      if (pairs.has(key)) continue;
      pairs.add(key);
      const ratio = BigInt(Math.floor(1.0001 ** priceTick * 1e6));
      pools.push(new V2Pool({ address: addr(0x100000 + i), token0: t0, token1: t1, reserve0: depth, reserve1: (depth * ratio) / 1_000_000n }));
      continue;
    }
    const [fee, spacing] = TIERS[pick(4)]!;
    const key = `${t0}${t1}${fee}`;
    if (pairs.has(key)) continue;
    pairs.add(key);
    const positions: Position[] = [];
    const n = 2 + pick(11);
    for (let j = 0; j < n; j++) {
      const lower = Math.round((priceTick - random() * 3000) / spacing) * spacing;
      const width = (1 + pick(300)) * spacing;
      positions.push({ tickLower: lower, tickUpper: lower + width, liquidity: depth / BigInt(1 + pick(20)) });
    }
    positions.push({ tickLower: Math.ceil(-887272 / spacing) * spacing, tickUpper: Math.floor(887272 / spacing) * spacing, liquidity: depth / 100n });
    pools.push(makeV3Pool({ address: addr(0x100000 + i), token0: t0, token1: t1, fee, tickSpacing: spacing, sqrtPriceX96: getSqrtRatioAtTick(priceTick) + 7n, positions }));
  }
  return pools;
}

type Query = { tokenIn: Address; tokenOut: Address; amountIn: bigint };

function makeQueries(count: number, tokens: number, hubs: number, seed: number): Query[] {
  const random = seededRandom(seed);
  const queries: Query[] = [];
  while (queries.length < count) {
    // half hub↔long-tail, a quarter hub↔hub, a quarter long-tail↔long-tail
    const r = random();
    const a = 1 + Math.floor(random() * (r < 0.75 ? hubs : tokens));
    const b = 1 + Math.floor(random() * (r < 0.25 ? hubs : tokens));
    if (a === b) continue;
    const amountIn = BigInt(Math.floor(10 ** (random() * 4))) * 10n ** 18n; // 1 to 10,000 units
    queries.push({ tokenIn: addr(a), tokenOut: addr(b), amountIn });
  }
  return queries;
}

function quote(graph: PoolGraph, q: Query): void {
  try {
    findBestRoute(graph, q);
  } catch (error) {
    if (!(error instanceof RouteError)) throw error;
  }
}

function report(label: string, graph: PoolGraph, queries: Query[]): void {
  const times: number[] = [];
  let routed = 0;
  let splits = 0;
  for (const q of queries) {
    const start = performance.now();
    try {
      const route = findBestRoute(graph, q);
      routed++;
      if (route.splits.length > 1) splits++;
    } catch (error) {
      if (!(error instanceof RouteError)) throw error;
    }
    times.push(performance.now() - start);
  }
  times.sort((x, y) => x - y);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(2);
  console.log(
    `${label}: ${queries.length} quotes (${routed} routed, ${splits} split) — p50 ${at(50)} ms, p90 ${at(90)} ms, p99 ${at(99)} ms, max ${at(100)} ms`,
  );
}

const small = { pools: makePools(60, 20, 4, 1), tokens: 20, hubs: 4 };
const large = { pools: makePools(10_000, 2_000, 12, 2), tokens: 2_000, hubs: 12 };
const smallGraph = createPoolGraph(small.pools);
const largeGraph = createPoolGraph(large.pools);
const smallQueries = makeQueries(300, small.tokens, small.hubs, 3);
const largeQueries = makeQueries(300, large.tokens, large.hubs, 4);

// warm up (JIT, tick price cache), then the plain timing loop
for (const q of smallQueries.slice(0, 30)) quote(smallGraph, q);
for (const q of largeQueries.slice(0, 30)) quote(largeGraph, q);
report("60 pools", smallGraph, smallQueries);
report("10,000 pools", largeGraph, largeQueries);

describe("route compute per quote", () => {
  let i = 0;
  let j = 0;
  bench("60 pools", () => quote(smallGraph, smallQueries[i++ % smallQueries.length]!), { time: 3000 });
  bench("10,000 pools", () => quote(largeGraph, largeQueries[j++ % largeQueries.length]!), { time: 5000 });
  bench("build graph of 10,000 pools", () => void createPoolGraph(large.pools), { time: 2000 });
});
