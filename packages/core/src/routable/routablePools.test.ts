/** The routable universe: the liquidity threshold at reference prices, its attacks, the token predicate, incremental re-judging. */
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { address, generateMainnetLikeGraph, makeV3Pool, v2 } from "@sluice/testkit";
import { getSqrtRatioAtTick } from "../pools/v3/math/getSqrtRatioAtTick.js";
import { emptyGraph, indexPoolsByToken, type ChainGraph, type IndexedPool } from "../indexer/graphTypes.js";
import { usdPerRawUnit } from "../quoting/valueInUsd.js";
import { referenceUsdPrices } from "./referenceUsdPrices.js";
import { routablePools } from "./routablePools.js";

const USDC = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913" as Address; // base
const WETH = "0x4200000000000000000000000000000000000006" as Address;
const E18 = 10n ** 18n;
const usdc = (dollars: number) => BigInt(dollars) * 10n ** 6n;

function graphOf(pools: IndexedPool[], extraTokens: Address[] = []): ChainGraph {
  const graph = emptyGraph("base", 8453);
  graph.block = 1n;
  for (const pool of pools) graph.pools.set(pool.address, pool);
  for (const t of new Set([...pools.flatMap((p) => [p.token0, p.token1]), ...extraTokens])) {
    graph.tokens.set(t, { address: t, symbol: t.slice(0, 6), decimals: t === USDC ? 6 : 18, quality: 100, lastTradeAt: 0 });
  }
  indexPoolsByToken(graph);
  return graph;
}

// WETH at $3,000 in a $2M pool; TAIL at $1 in a $40k pool against WETH; DUST at $1 in a $2k pool.
const [TAIL, DUST, JUNK, JUNK2] = [address(0xa1), address(0xa2), address(0xa3), address(0xa4)];
const wethUsdc = v2(1, WETH, USDC, 333n * E18, usdc(1_000_000));
const tailWeth = v2(2, TAIL, WETH, 20_000n * E18, (20_000n * E18) / 3000n);
const dustWeth = v2(3, DUST, WETH, 1_000n * E18, (1_000n * E18) / 3000n);

describe("routablePools", () => {
  it("keeps pools at or above the chain's threshold in USD and leaves the others indexed only; 0 keeps every pool", () => {
    const graph = graphOf([wethUsdc, tailWeth, dustWeth]);
    expect(routablePools({ graph, minLiquidityUsd: 10_000 })).toEqual(new Set([wethUsdc.address, tailWeth.address]));
    expect(routablePools({ graph, minLiquidityUsd: 50_000 })).toEqual(new Set([wethUsdc.address]));
    expect(routablePools({ graph, minLiquidityUsd: 0 })).toEqual(new Set(graph.pools.keys()));
  });

  it("attack: a junk token priced by a one-dollar pool cannot make a pool of it look deep (each side counts at most its price's depth)", () => {
    // JUNK/USDC holds $1 of USDC and 1 wei of JUNK: a JUNK is "worth" $10^18. A pool of 10^6 JUNK against dust WETH
    // would claim $10^24 of liquidity.
    const priceSetter = v2(10, JUNK, USDC, 1n, usdc(1));
    const inflated = v2(11, JUNK, WETH, 1_000_000n * E18, 1n);
    const graph = graphOf([wethUsdc, priceSetter, inflated]);
    const routable = routablePools({ graph, minLiquidityUsd: 10_000 });
    expect(routable.has(inflated.address)).toBe(false);
    expect(routable.has(priceSetter.address)).toBe(false);
    expect(routable.has(wethUsdc.address)).toBe(true);
  });

  it("attack: a one-tick V3 position holding about $1 of WETH is not routable; honest deep V2 and wide-range V3 pools are (valued by depth near the price, not virtual reserves)", () => {
    // JUNK/WETH, fee 100, one tick wide at 1 JUNK = 1 WETH (raw), the price mid-tick: it holds ~$1 of WETH (and ~$1 of
    // JUNK) but its virtual reserves claim ~40,000 times that.
    const oneTick = makeV3Pool({
      address: address(0xe2), token0: JUNK, token1: WETH, fee: 100, tickSpacing: 1, sqrtPriceX96: (getSqrtRatioAtTick(0) + getSqrtRatioAtTick(1)) / 2n,
      positions: [{ tickLower: 0, tickUpper: 1, liquidity: 13_300_000_000_000_000_000n }],
    });
    const wethHeld = oneTick.liquidity * (oneTick.sqrtPriceX96 - getSqrtRatioAtTick(0)) / 2n ** 96n;
    expect(Number(wethHeld) / 1e18 * 3000).toBeGreaterThan(0.9);
    expect(Number(wethHeld) / 1e18 * 3000).toBeLessThan(1.1);
    expect(oneTick.virtualReserves(JUNK).reserveOut / 1e18 * 3000).toBeGreaterThan(30_000);
    // TAIL2/WETH at $1 a TAIL2, ~$20k a side spread over a wide range (±6,000 ticks, about ±80 %).
    const TAIL2 = address(0xa5);
    const center = Math.round(Math.log(1 / 3003) / Math.log(1.0001) / 60) * 60;
    const wide = makeV3Pool({
      address: address(0xe3), token0: TAIL2, token1: WETH, fee: 3000, tickSpacing: 60, sqrtPriceX96: getSqrtRatioAtTick(center),
      positions: [{ tickLower: center - 6_000, tickUpper: center + 6_000, liquidity: 365n * E18 }],
    });
    const graph = graphOf([wethUsdc, tailWeth, oneTick, wide]);
    const routable = routablePools({ graph, minLiquidityUsd: 10_000 });
    expect(routable.has(oneTick.address)).toBe(false);
    expect(routable).toEqual(new Set([wethUsdc.address, tailWeth.address, wide.address]));
  });

  it("attack: a pool of two tokens with no path to USD is never routable under a threshold, whatever its reserves", () => {
    const graph = graphOf([wethUsdc, v2(12, JUNK, JUNK2, 2n ** 111n, 2n ** 111n)]);
    expect(routablePools({ graph, minLiquidityUsd: 1 })).toEqual(new Set([wethUsdc.address]));
  });

  it("keeps out every pool of a token the injected predicate refuses (fee-on-transfer, rebasing …)", () => {
    const graph = graphOf([wethUsdc, tailWeth]);
    const routable = routablePools({ graph, minLiquidityUsd: 10_000, isRoutableToken: (t) => t.address !== TAIL });
    expect(routable).toEqual(new Set([wethUsdc.address]));
  });

  it("re-judges only the pools an indexing pass changed, at the given prices", () => {
    const graph = graphOf([wethUsdc, tailWeth, dustWeth]);
    const prices = referenceUsdPrices({ graph });
    const previous = routablePools({ graph, minLiquidityUsd: 10_000, prices });
    // DUST's pool is refilled to $200k; TAIL's is drained, but the pass did not report it.
    const refilled = v2(3, DUST, WETH, 100_000n * E18, (100_000n * E18) / 3000n);
    graph.pools.set(refilled.address, refilled);
    graph.pools.set(tailWeth.address, v2(2, TAIL, WETH, E18, E18 / 3000n));
    const next = routablePools({ graph, minLiquidityUsd: 10_000, prices, incremental: { previous, pools: [refilled.address] } });
    expect(next).toEqual(new Set([wethUsdc.address, tailWeth.address, refilled.address]));
    expect(routablePools({ graph, minLiquidityUsd: 10_000, prices })).toEqual(new Set([wethUsdc.address, refilled.address]));
  });

  it("answers the previous set itself when no re-judged pool changed standing, and never changes it", () => {
    const graph = graphOf([wethUsdc, tailWeth, dustWeth]);
    const prices = referenceUsdPrices({ graph });
    const previous = routablePools({ graph, minLiquidityUsd: 10_000, prices });
    const before = [...previous];
    // A swap moved WETH/USDC's reserves a little: still routable, and DUST's pool still dust.
    graph.pools.set(wethUsdc.address, v2(1, WETH, USDC, 334n * E18, usdc(999_000)));
    const same = routablePools({ graph, minLiquidityUsd: 10_000, prices, incremental: { previous, pools: [wethUsdc.address, dustWeth.address] } });
    expect(same).toBe(previous);
    // The pool drained (named twice by the pass): a new set without it; the previous one is as it was.
    graph.pools.set(wethUsdc.address, v2(1, WETH, USDC, E18 / 1000n, usdc(3)));
    const next = routablePools({ graph, minLiquidityUsd: 10_000, prices, incremental: { previous, pools: [wethUsdc.address, wethUsdc.address] } });
    expect(next).not.toBe(previous);
    expect(next.has(wethUsdc.address)).toBe(false);
    expect([...previous]).toEqual(before);
    expect(next.size).toBe(previous.size - 1);
  });
});

describe("referenceUsdPrices", () => {
  it("agrees with the quoter's usdPerRawUnit for every token it prices (one and two pools from a stablecoin)", () => {
    const { graph } = generateMainnetLikeGraph({ v2Pools: 2_000, v3Pools: 200, tokens: 800, seed: 5 });
    const prices = referenceUsdPrices({ graph, maxHops: 2 });
    let compared = 0;
    for (const token of graph.tokens.keys()) {
      const exact = usdPerRawUnit(graph, token);
      expect(prices.has(token)).toBe(exact !== undefined);
      if (!exact) continue;
      const float = Number(exact.numerator) / Number(exact.denominator);
      expect(Math.abs(prices.get(token)!.usdPerRaw - float) / float).toBeLessThan(1e-6);
      compared++;
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("prices tokens further out level by level (a token three pools from USD)", () => {
    const graph = graphOf([wethUsdc, tailWeth, v2(20, JUNK, TAIL, 10_000n * E18, 20_000n * E18), v2(21, JUNK2, JUNK, 1_000n * E18, 1_000n * E18)]);
    const prices = referenceUsdPrices({ graph });
    expect(prices.get(JUNK2)!.usdPerRaw * 1e18).toBeCloseTo(2 * (1_000_000 / 333 / 3000), 9); // 2 TAIL, TAIL = WETH / 3000
    expect(referenceUsdPrices({ graph, maxHops: 2 }).has(JUNK)).toBe(false);
  });
});

describe("referenceUsdPrices against a manipulated pool", () => {
  it("attack: a pool created at twice WETH's price with a few thousand dollars in two ticks prices nothing (ranked by what it pays near its price, not by virtual reserves)", () => {
    // token0 = WETH, token1 = USDC; at tick -189,320 one WETH is worth about $6,000. Its virtual reserves claim ~$100M.
    const attacker = makeV3Pool({
      address: address(0xe1), token0: WETH, token1: USDC, fee: 100, tickSpacing: 1, sqrtPriceX96: getSqrtRatioAtTick(-189_320),
      positions: [{ tickLower: -189_321, tickUpper: -189_319, liquidity: 1_290_000_000_000_000_000n }],
    });
    expect(attacker.virtualReserves(WETH).reserveOut / 1e6).toBeGreaterThan(50_000_000);
    const graph = graphOf([wethUsdc, attacker]);
    const weth = referenceUsdPrices({ graph }).get(WETH)!;
    expect(Math.round(weth.usdPerRaw * 1e18)).toBe(3_003);
    const quoted = usdPerRawUnit(graph, WETH)!;
    expect(Number((quoted.numerator * 10n ** 18n) / quoted.denominator)).toBe(3_003);
  });
});

describe("referenceUsdPrices against a chain of pools at extreme ratios", () => {
  it("attack: V2 pairs each 1 raw : 2^112-1 raw drive no price out of band; neither pricing nor routablePools throws, no J pool is routable", () => {
    // J1/USDC: 1 raw J1 against $501 of USDC (J1 = $501 a raw unit); then Jk/Jk-1: 1 raw Jk against 2^112-1 raw Jk-1.
    // Unchecked, J11's price was Infinity and pricing J12 threw a RangeError, aborting the whole indexing pass.
    const MAX112 = 2n ** 112n - 1n;
    const J = Array.from({ length: 13 }, (_, i) => address(0xb00 + i));
    const chain: IndexedPool[] = [v2(100, J[1]!, USDC, 1n, usdc(501))];
    for (let k = 2; k <= 12; k++) chain.push(v2(100 + k, J[k]!, J[k - 1]!, 1n, MAX112));
    const graph = graphOf([wethUsdc, tailWeth, ...chain]);
    let prices: ReturnType<typeof referenceUsdPrices> | undefined;
    expect(() => (prices = referenceUsdPrices({ graph }))).not.toThrow();
    for (const price of prices!.values()) {
      expect(Number.isFinite(price.usdPerRaw) && price.usdPerRaw > 0).toBe(true);
      expect(price.depth > 0).toBe(true);
    }
    expect(prices!.has(J[11]!)).toBe(false);
    expect(prices!.has(J[12]!)).toBe(false);
    let routable: ReadonlySet<Address> | undefined;
    expect(() => (routable = routablePools({ graph, minLiquidityUsd: 10_000 }))).not.toThrow();
    for (const pool of chain) expect(routable!.has(pool.address)).toBe(false);
    // The honest pools are judged as usual.
    expect(routable).toEqual(new Set([wethUsdc.address, tailWeth.address]));
  });
});
