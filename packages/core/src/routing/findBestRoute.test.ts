import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import type { Pool } from "../pools/types.js";
import { RouteError } from "./errors.js";
import { DEFAULT_ROUTE_OPTIONS, findBestRoute } from "./findBestRoute.js";
import { findCandidatePaths } from "./findCandidatePaths.js";
import { netOfGas } from "./netOfGas.js";
import { createPoolGraph } from "./poolGraph.js";
import { quotePath } from "./quotePath.js";
import { address, beamPrunedPools, v2, v3 } from "@sluice/testkit";
import { quoteRoute } from "./quoteRoute.js";
import type { Path, Route } from "./types.js";

const [A, B, C, D, E] = [1, 2, 3, 4, 5].map(address) as [Address, Address, Address, Address, Address];
const E18 = 10n ** 18n;

function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (let y = (x + n / x) >> 1n; y < x; y = (x + n / x) >> 1n) x = y;
  return x;
}

/** Re-executes a route on fresh pools, carrying state from split to split and checking that amounts chain. */
function replay(route: Route, pools: readonly Pool[]): bigint {
  const states = new Map(pools.map((p) => [p.address, p]));
  let total = 0n;
  let totalIn = 0n;
  for (const split of route.splits) {
    let amount = split.amountIn;
    totalIn += amount;
    for (const hop of split.hops) {
      expect(hop.amountIn).toBe(amount);
      const q = states.get(hop.poolAddress)!.quoteExactIn(hop.tokenIn, amount);
      expect(q.amountIn).toBe(amount);
      expect(q.amountOut).toBe(hop.amountOut);
      states.set(hop.poolAddress, q.poolAfter);
      amount = q.amountOut;
    }
    expect(amount).toBe(split.amountOut);
    total += amount;
  }
  expect(totalIn).toBe(route.amountIn);
  expect(total).toBe(route.amountOut);
  return total;
}

/** Every path of at most 3 pools with no repeated token or pool (brute force, small graphs only). */
function allPaths(pools: readonly Pool[], from: Address, to: Address): Path[] {
  const out: Path[] = [];
  const walk = (tokens: Address[], used: Pool[]) => {
    const at = tokens[tokens.length - 1]!;
    if (at === to) return void out.push({ pools: used, tokens });
    if (used.length === 3) return;
    for (const p of pools) {
      if (used.includes(p) || (p.token0 !== at && p.token1 !== at)) continue;
      const next = p.token0 === at ? p.token1 : p.token0;
      if (!tokens.includes(next)) walk([...tokens, next], [...used, p]);
    }
  };
  walk([from], []);
  return out;
}


/** Random small graphs for the property tests: pools between five tokens, V2 or V3, of random depth and skew. */
const tokens = [A, B, C, D, E];
const poolSpec = fc.record({
  pair: fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })).filter(([i, j]) => i !== j),
  v3fee: fc.option(fc.constantFrom(100, 500, 3000, 10000), { nil: undefined }),
  depth: fc.bigInt({ min: 10n ** 3n, max: 10n ** 6n }),
  skew: fc.integer({ min: -2000, max: 2000 }),
});

/** The pools a list of random specs stands for. */
function poolsOf(specs: { pair: [number, number]; v3fee: number | undefined; depth: bigint; skew: number }[]) {
  return specs.map((s, i) => {
    const [a, b] = [tokens[s.pair[0]]!, tokens[s.pair[1]]!];
    const depth = s.depth * E18;
    return s.v3fee ? v3(i, a, b, s.v3fee, depth / 50n, s.skew) : v2(i, a, b, depth, (depth * BigInt(10_000 + s.skew)) / 10_000n);
  });
}

describe("findBestRoute", () => {
  it("splits across two V2 pools at the analytic optimum", () => {
    // f_i(a) = y_i γa / (x_i + γa). Equal marginals y_i γ x_i / (x_i + γa_i)² give (x_i + γa_i) / √(x_i y_i) = t,
    // so with a_1 + a_2 = A: t = (x_1 + x_2 + γA) / (s_1 + s_2) and a_1 = (t s_1 − x_1) / γ, s_i = √(x_i y_i).
    const [x1, y1, x2, y2] = [1_000n * E18, 2_000n * E18, 3_000n * E18, 5_500n * E18];
    const pools = [v2(1, A, B, x1, y1), v2(2, A, B, x2, y2)];
    const amountIn = 700n * E18;
    const [s1, s2] = [isqrt(x1 * y1), isqrt(x2 * y2)];
    const a1 = (((1000n * (x1 + x2) + 997n * amountIn) * s1) / (s1 + s2) - 1000n * x1) / 997n;
    const optimum = pools[0]!.quoteExactIn(A, a1).amountOut + pools[1]!.quoteExactIn(A, amountIn - a1).amountOut;

    const route = findBestRoute(createPoolGraph(pools), { tokenIn: A, tokenOut: B, amountIn });
    expect(route.splits).toHaveLength(2);
    const first = route.splits.find((s) => s.hops[0]!.poolAddress === pools[0]!.address)!;
    // refinement reaches chunk / 2^5 = A / 1024; the loss is second order in that step (README): < 0.001 bps here
    const granularity = amountIn / 1024n;
    expect(first.amountIn > a1 ? first.amountIn - a1 : a1 - first.amountIn).toBeLessThanOrEqual(granularity);
    expect(route.amountOut).toBeGreaterThanOrEqual(optimum - optimum / 10n ** 7n);
    expect(route.amountOut).toBeLessThanOrEqual(optimum + 10n);
    // and with greedy chunks alone, within the chunk-granularity bound of the README
    const coarse = findBestRoute(createPoolGraph(pools), { tokenIn: A, tokenOut: B, amountIn, refinementLevels: 0 });
    expect(coarse.amountOut).toBeGreaterThanOrEqual(optimum - optimum / 10n ** 4n);
    replay(route, pools);
  });

  it("beats or equals every single path, on random small graphs of V2 and V3 pools", () => {
    fc.assert(
      fc.property(fc.array(poolSpec, { minLength: 2, maxLength: 9 }), fc.bigInt({ min: 10n ** 15n, max: 10n ** 21n }), (specs, amountIn) => {
        const pools = poolsOf(specs);
        const singles = allPaths(pools, A, E).map((p) => quotePath(p, amountIn)?.amountOut ?? -1n);
        let route: Route;
        try {
          route = findBestRoute(createPoolGraph(pools), { tokenIn: A, tokenOut: E, amountIn, maxPaths: 64 });
        } catch (error) {
          expect(error).toBeInstanceOf(RouteError);
          expect(singles.every((s) => s < 0n)).toBe(true);
          return;
        }
        for (const single of singles) expect(route.amountOut).toBeGreaterThanOrEqual(single);
        replay(route, pools);
      }),
      { numRuns: 60 },
    );
  });

  it("searches again with a wider beam before refusing, when every kept path runs dry in one shared pool", () => {
    const { pools, amountIn, onlyAbsorbing } = beamPrunedPools(A, B, D, E);
    const graph = createPoolGraph(pools);
    const o = DEFAULT_ROUTE_OPTIONS;
    const whole = Number(amountIn);
    const kept = findCandidatePaths(graph, { tokenIn: A, tokenOut: E, probeAmounts: [whole, whole / o.chunks], maxHops: 3, maxPaths: o.maxPaths, beamWidth: o.beamWidth });
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((path) => quotePath(path, amountIn) === undefined)).toBe(true);

    const route = findBestRoute(graph, { tokenIn: A, tokenOut: E, amountIn });
    expect(route.splits.map((s) => s.hops[0]!.poolAddress)).toEqual([onlyAbsorbing.address]);
    expect(replay(route, pools)).toBe(route.amountOut);
  });

  it("does not count a pool shared by two paths twice", () => {
    // Both paths start with the thin pool A–B, then split over two deep B–C pools.
    const pools = [v2(1, A, B, 100n * E18, 100n * E18), v2(2, B, C, 10_000n * E18, 10_000n * E18), v2(3, B, C, 10_000n * E18, 10_000n * E18)];
    const amountIn = 40n * E18;
    const route = findBestRoute(createPoolGraph(pools), { tokenIn: A, tokenOut: C, amountIn });
    expect(replay(route, pools)).toBe(route.amountOut);
    // Through A–B, 40 in can never buy more B than one swap of 40 does; whatever the split, C out is below that B.
    const throughThin = pools[0]!.quoteExactIn(A, amountIn).amountOut;
    expect(route.amountOut).toBeLessThan(throughThin);
    if (route.splits.length > 1) {
      // quoting each split on fresh pools (double counting A–B) would report more than the chain pays
      const naive = route.splits.reduce((sum, s) => {
        const path: Path = { pools: s.hops.map((h) => pools.find((p) => p.address === h.poolAddress)!), tokens: [A, B, C] };
        return sum + quotePath(path, s.amountIn)!.amountOut;
      }, 0n);
      expect(naive).toBeGreaterThan(route.amountOut);
    }
  });

  it("finds a 3-hop path when no shorter one exists", () => {
    const pools = [v2(1, A, B, 1_000n * E18, 1_000n * E18), v3(2, B, C, 500, 10n ** 22n), v2(3, C, D, 1_000n * E18, 3_000n * E18), v2(4, A, E, E18, E18)];
    const route = findBestRoute(createPoolGraph(pools), { tokenIn: A, tokenOut: D, amountIn: E18 });
    expect(route.splits).toHaveLength(1);
    expect(route.splits[0]!.hops.map((h) => [h.tokenIn, h.tokenOut])).toEqual([[A, B], [B, C], [C, D]]);
    expect(route.splits[0]!.hops[1]!.protocol).toBe("uniswap-v3");
    replay(route, pools);
    expect(() => findBestRoute(createPoolGraph(pools), { tokenIn: A, tokenOut: D, amountIn: E18, maxHops: 2 })).toThrow(RouteError);
  });

  it("fails with a typed error when there is no route, not enough liquidity, or a bad request", () => {
    const graph = createPoolGraph([v2(1, A, B, 1_000n * E18, 1_000n * E18), v3(2, C, D, 3000, 10n ** 18n)]);
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        expect(error).toBeInstanceOf(RouteError);
        return (error as RouteError).code;
      }
      return "none";
    };
    expect(code(() => findBestRoute(graph, { tokenIn: A, tokenOut: C, amountIn: E18 }))).toBe("NO_ROUTE");
    expect(code(() => findBestRoute(graph, { tokenIn: C, tokenOut: D, amountIn: 10n ** 30n }))).toBe("INSUFFICIENT_LIQUIDITY");
    expect(code(() => findBestRoute(graph, { tokenIn: A, tokenOut: B, amountIn: 0n }))).toBe("INVALID_REQUEST");
    expect(code(() => findBestRoute(graph, { tokenIn: A, tokenOut: A, amountIn: E18 }))).toBe("INVALID_REQUEST");
  });

  it("reports price impact in bps: the fee for a tiny trade, more for a large one", () => {
    const graph = createPoolGraph([v2(1, A, B, 1_000n * E18, 1_000n * E18)]);
    // the 30 bps fee plus a sliver of slippage, rounded up
    expect(findBestRoute(graph, { tokenIn: A, tokenOut: B, amountIn: 10n ** 12n }).priceImpactBps).toBe(31);
    // 100 into 1000: out = 997·100·1000/(1000·1000 + 997·100) ≈ 90.66, impact ≈ 934 bps
    expect(findBestRoute(graph, { tokenIn: A, tokenOut: B, amountIn: 100n * E18 }).priceImpactBps).toBe(934);
  });
});

describe("findBestRoute net of gas (gasCostOut)", () => {
  // Tokens as on Ethereum: A is a 6-decimal USD coin, B an 18-decimal WETH at 3000 USD. 1 gwei of gas valued in B raw
  // units is the gas in wei itself.
  const E6 = 10n ** 6n;
  const oneGwei = (gas: bigint) => gas * 10n ** 9n;
  /** Two equal pools of 15M USD each (7.5M A + 2500 B). */
  const twoDeepPools = () => [v2(1, A, B, 7_500_000n * E6, 2_500n * E18), v2(2, A, B, 7_500_000n * E6, 2_500n * E18)];

  it("a small trade across two equal deep pools takes one: the split's gain (under a cent) does not pay its gas", () => {
    const pools = twoDeepPools();
    const graph = createPoolGraph(pools);
    const amountIn = 100n * E6;
    const byOutput = findBestRoute(graph, { tokenIn: A, tokenOut: B, amountIn });
    expect(byOutput.splits).toHaveLength(2); // without gasCostOut: exactly today's choice
    const netted = findBestRoute(graph, { tokenIn: A, tokenOut: B, amountIn, gasCostOut: oneGwei });
    expect(netted.splits).toHaveLength(1);
    expect(netted.gasEstimate).toBeLessThan(byOutput.gasEstimate);
    // the split pays more, by less than its extra gas: net, the single pool is worth more
    expect(byOutput.amountOut).toBeGreaterThan(netted.amountOut);
    expect(byOutput.amountOut - netted.amountOut).toBeLessThan(oneGwei(byOutput.gasEstimate - netted.gasEstimate));
    expect(netOfGas(netted, oneGwei)).toBeGreaterThan(netOfGas(byOutput, oneGwei));
    replay(netted, pools);
  });

  it("a large trade still splits: its gain is worth far more than the gas", () => {
    const pools = twoDeepPools();
    const amountIn = 1_000_000n * E6;
    const route = findBestRoute(createPoolGraph(pools), { tokenIn: A, tokenOut: B, amountIn, gasCostOut: oneGwei });
    expect(route.splits).toHaveLength(2);
    const single = pools[0]!.quoteExactIn(A, amountIn).amountOut;
    expect(route.amountOut - single).toBeGreaterThan(1_000n * oneGwei(route.gasEstimate));
    replay(route, pools);
  });

  it("takes the extra hop only when its extra output pays for the hop's gas", () => {
    // A → B direct at price 1, or A → C → B through a pool priced 1% better: about 0.7% more for one more hop (60k gas).
    const pools = [v2(1, A, B, 1_000n * E18, 1_000n * E18), v2(2, A, C, 1_000n * E18, 1_010n * E18), v2(3, C, B, 1_000n * E18, 1_000n * E18)];
    const graph = createPoolGraph(pools);
    const amountIn = E18;
    const hops = (route: Route) => route.splits.map((s) => s.hops.length);
    expect(hops(findBestRoute(graph, { tokenIn: A, tokenOut: B, amountIn }))).toEqual([2]);
    // 60k gas worth 0.0006 B: less than the ~0.007 B the hop gains
    expect(hops(findBestRoute(graph, { tokenIn: A, tokenOut: B, amountIn, gasCostOut: (gas) => gas * 10n ** 10n }))).toEqual([2]);
    // 60k gas worth 0.06 B: more than it gains
    const direct = findBestRoute(graph, { tokenIn: A, tokenOut: B, amountIn, gasCostOut: (gas) => gas * 10n ** 12n });
    expect(hops(direct)).toEqual([1]);
    replay(direct, pools);
  });

  it("keeps the splits that pay for their gas: two of three equal pools when the third split's gain is below its gas", () => {
    // 10 into three 1000/1000 pools: splitting in two gains ≈ 0.049, a third split ≈ 0.016 more; each split costs 80k
    // gas (a hop and the split), valued here at 0.03. The full allocation (three splits) beats one pool net, but two
    // beat both.
    const pools = [v2(1, A, B, 1_000n * E18, 1_000n * E18), v2(2, A, B, 1_000n * E18, 1_000n * E18), v2(3, A, B, 1_000n * E18, 1_000n * E18)];
    const graph = createPoolGraph(pools);
    const amountIn = 10n * E18;
    const gasCostOut = (gas: bigint) => gas * 375n * 10n ** 9n;
    expect(findBestRoute(graph, { tokenIn: A, tokenOut: B, amountIn }).splits).toHaveLength(3);
    const route = findBestRoute(graph, { tokenIn: A, tokenOut: B, amountIn, gasCostOut });
    expect(route.splits).toHaveLength(2);
    const [p1, p2, p3] = pools.map((pool) => ({ pools: [pool], tokens: [A, B] }) as Path);
    const third = amountIn / 3n;
    const three = quoteRoute(A, B, [{ path: p1!, amountIn: third }, { path: p2!, amountIn: third }, { path: p3!, amountIn: amountIn - 2n * third }])!;
    const one = quoteRoute(A, B, [{ path: p1!, amountIn }])!;
    expect(netOfGas(route, gasCostOut)).toBeGreaterThan(netOfGas(three, gasCostOut));
    expect(netOfGas(three, gasCostOut)).toBeGreaterThan(netOfGas(one, gasCostOut));
    replay(route, pools);
  });

  it("net of gas, beats or equals every single path, on random small graphs of V2 and V3 pools", () => {
    fc.assert(
      fc.property(
        fc.array(poolSpec, { minLength: 2, maxLength: 9 }), fc.bigInt({ min: 10n ** 15n, max: 10n ** 21n }), fc.bigInt({ min: 0n, max: 10n ** 13n }),
        (specs, amountIn, weiPerGas) => {
          const pools = poolsOf(specs);
          const gasCostOut = (gas: bigint) => gas * weiPerGas;
          const singles = allPaths(pools, A, E).flatMap((path) => quotePath(path, amountIn) ? [quoteRoute(A, E, [{ path, amountIn }])!] : []);
          let route: Route;
          try {
            route = findBestRoute(createPoolGraph(pools), { tokenIn: A, tokenOut: E, amountIn, maxPaths: 64, gasCostOut });
          } catch (error) {
            expect(error).toBeInstanceOf(RouteError);
            expect(singles).toHaveLength(0);
            return;
          }
          for (const single of singles) expect(netOfGas(route, gasCostOut)).toBeGreaterThanOrEqual(netOfGas(single, gasCostOut));
          replay(route, pools);
        },
      ),
      { numRuns: 40 },
    );
  });
});
