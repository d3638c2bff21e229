/** USD prices through the graph: the stablecoin pairs of a hub are found once, but their state is read every time. */
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { chains } from "../chains/chains.js";
import { emptyGraph, indexPoolsByToken, type ChainGraph } from "../indexer/graphTypes.js";
import { makeV3Pool } from "@sluice/testkit";
import { V2Pool } from "../pools/v2/v2Pool.js";
import { getSqrtRatioAtTick } from "../pools/v3/math/getSqrtRatioAtTick.js";
import { usdPerRawUnit, valueInUsd } from "./valueInUsd.js";
import { referenceUsdPrices } from "../routable/referenceUsdPrices.js";

const lower = (a: string) => a.toLowerCase() as Address;
const USDC = lower(chains.ethereum.curatedTokens.find((t) => t.symbol === "USDC")!.address);
const USDT = lower(chains.ethereum.curatedTokens.find((t) => t.symbol === "USDT")!.address);
const WETH = lower(chains.ethereum.curatedTokens.find((t) => t.symbol === "WETH")!.address);
const WBTC = lower(chains.ethereum.curatedTokens.find((t) => t.symbol === "WBTC")!.address);
const pool = (n: number, a: Address, b: Address, reserveA: bigint, reserveB: bigint) => {
  const [token0, token1, reserve0, reserve1] = a < b ? [a, b, reserveA, reserveB] : [b, a, reserveB, reserveA];
  return new V2Pool({ address: `0x${n.toString(16).padStart(40, "0")}` as Address, token0, token1, reserve0, reserve1 });
};
/** USD of one whole WETH, to the cent. */
const wethUsd = (graph: ChainGraph) => {
  const v = valueInUsd(graph, WETH, 10n ** 18n)!;
  return Number((v.numerator * 100n) / v.denominator) / 100;
};

function hubGraph() {
  const graph = emptyGraph("ethereum", 1);
  // WETH has many pools, one of them against USDC ($3,000 a WETH, $30M deep).
  graph.pools.set(pool(1, WETH, USDC, 10_000n * 10n ** 18n, 30_000_000n * 10n ** 6n).address, pool(1, WETH, USDC, 10_000n * 10n ** 18n, 30_000_000n * 10n ** 6n));
  for (let i = 0; i < 200; i++) {
    const other = `0x${(0xabc000 + i).toString(16).padStart(40, "0")}` as Address;
    const p = pool(100 + i, WETH, other, 10n ** 18n, 10n ** 18n);
    graph.pools.set(p.address, p);
  }
  indexPoolsByToken(graph);
  return graph;
}

describe("usdPerRawUnit", () => {
  it("prices a hub through its stablecoin pool, and a new state of that pool at once", () => {
    const graph = hubGraph();
    expect(wethUsd(graph)).toBe(3_000);
    // The quote-time refresh replaces the pool object: the price follows (nothing of the state is kept).
    const moved = pool(1, WETH, USDC, 10_000n * 10n ** 18n, 31_000_000n * 10n ** 6n);
    graph.pools.set(moved.address, moved);
    expect(wethUsd(graph)).toBe(3_100);
  });

  it("a stablecoin pool added to the graph (its pools re-indexed) is seen: the deeper one sets the price", () => {
    const graph = hubGraph();
    expect(wethUsd(graph)).toBe(3_000);
    const deeper = pool(2, WETH, USDT, 100_000n * 10n ** 18n, 320_000_000n * 10n ** 6n);
    graph.pools.set(deeper.address, deeper);
    indexPoolsByToken(graph);
    expect(wethUsd(graph)).toBe(3_200);
    expect(usdPerRawUnit(graph, USDT)).toEqual({ numerator: 1n, denominator: 10n ** 6n });
  });
});

/**
 * The attack: a pool of Uniswap's own factory, created and priced by anyone, at twice WETH's market price, holding a few
 * thousand dollars of real USDC in a one-tick position (the 1 bps tier, tick spacing 1). Its virtual reserves are about
 * 20,000 times what it holds: ranked by them, it looks deeper than a $30M pool and sets WETH's USD price, so every swap
 * of WETH is credited (volume, rebates, the gasless minimum) at twice its worth until arbitrage takes the position.
 */
describe("usdPerRawUnit against a manipulated pool", () => {
  // token0 = USDC, token1 = WETH; at tick 189,300 one raw USDC buys about 1.66e8 raw WETH: WETH at about $6,000.
  const tick = 189_300;
  const wrongPrice = (positions: { tickLower: number; tickUpper: number; liquidity: bigint }[]) => makeV3Pool({
    address: lower("0x00000000000000000000000000000000000000e1"), token0: USDC, token1: WETH, fee: 100, tickSpacing: 1,
    sqrtPriceX96: getSqrtRatioAtTick(tick), positions,
  });
  const withPool = (attacker: ReturnType<typeof wrongPrice>) => {
    const graph = hubGraph();
    graph.pools.set(attacker.address, attacker);
    indexPoolsByToken(graph);
    return graph;
  };

  it("a one-tick position at twice the price, a few thousand dollars real, does not set the price (depth is what a pool really pays near its price)", () => {
    const attacker = wrongPrice([{ tickLower: tick, tickUpper: tick + 1, liquidity: 1_300_000_000_000_000_000n }]);
    // What it really holds: a few thousand dollars of USDC; what its virtual reserves claim: about $100M.
    const real = attacker.quoteExactIn(WETH, 10n ** 30n).amountOut;
    expect(real > 1_000n * 10n ** 6n && real < 10_000n * 10n ** 6n).toBe(true);
    expect(attacker.virtualReserves(WETH).reserveOut / 1e6).toBeGreaterThan(50_000_000);
    expect(wethUsd(withPool(attacker))).toBe(3_000);
  });

  it("nor does a large position parked far from that price, which arbitrage at the wrong price never reaches", () => {
    // The same near position, and $10M of USDC where WETH would be worth about $800: all of it real, none of it near.
    const attacker = wrongPrice([
      { tickLower: tick, tickUpper: tick + 1, liquidity: 1_300_000_000_000_000_000n },
      { tickLower: tick + 20_000, tickUpper: tick + 20_100, liquidity: 70_000_000_000_000_000_000n },
    ]);
    const real = attacker.quoteExactIn(WETH, 10n ** 30n).amountOut;
    expect(real > 5_000_000n * 10n ** 6n).toBe(true);
    expect(wethUsd(withPool(attacker))).toBe(3_000);
  });

  it("nor a pool bidding for WETH at half its price with money nobody takes (no WETH offered): depth counts both ways", () => {
    // At tick 203,190 WETH is worth about $1,500. The one position holds only USDC, just above the price (paid out as
    // WETH is sold in): about $400k, more than the $30M pair pays within 2 %. Nobody sells WETH at half its price and
    // the pool offers none to buy, so no arbitrage takes it: the money is parked, recoverable at will.
    const low = 203_190;
    const bidOnly = makeV3Pool({
      address: lower("0x00000000000000000000000000000000000000e3"), token0: USDC, token1: WETH, fee: 500, tickSpacing: 10,
      sqrtPriceX96: getSqrtRatioAtTick(low), positions: [{ tickLower: low, tickUpper: low + 100, liquidity: 2_100_000_000_000_000_000n }],
    });
    const bid = bidOnly.quoteExactIn(WETH, 10n ** 30n).amountOut;
    expect(bid > 300_000n * 10n ** 6n && bid < 500_000n * 10n ** 6n).toBe(true);
    expect(wethUsd(withPool(bidOnly))).toBe(3_000);
  });

  it("a deeper pool at a slightly different price still sets it (real depth near the price ranks the pools)", () => {
    // Full range at about $3,600 with about $40M of USDC in it: deeper near its price than the $30M V2 pair.
    const honest = makeV3Pool({
      address: lower("0x00000000000000000000000000000000000000e2"), token0: USDC, token1: WETH, fee: 500, tickSpacing: 10,
      sqrtPriceX96: getSqrtRatioAtTick(194_400), positions: [{ tickLower: -887_270, tickUpper: 887_270, liquidity: 666_000_000_000_000_000n }],
    });
    expect(Math.round(wethUsd(withPool(honest)))).toBeGreaterThan(3_000);
  });
});

describe("usdPerRawUnit of a hub whose stablecoin pools are thin", () => {
  it("a deep pool with another hub (WBTC/WETH) prices it over a thin stablecoin pool moved to twice the price; the cron's reference prices agree", () => {
    const graph = hubGraph();
    // $200k of WBTC/USDC, moved to $100,000 a WBTC; $25M of WBTC/WETH at the market ($50,000 a WBTC at $3,000 a WETH).
    const thin = pool(3, WBTC, USDC, 2n * 10n ** 8n, 200_000n * 10n ** 6n);
    const deep = pool(4, WBTC, WETH, 500n * 10n ** 8n, 8_333_333_333_333_333_333_333n);
    for (const p of [thin, deep]) graph.pools.set(p.address, p);
    indexPoolsByToken(graph);
    const usd = (v: { numerator: bigint; denominator: bigint }) => Number((v.numerator * 100n) / v.denominator) / 100;
    expect(Math.round(usd(valueInUsd(graph, WBTC, 10n ** 8n)!))).toBe(50_000);
    expect(Math.round(referenceUsdPrices({ graph }).get(WBTC)!.usdPerRaw * 1e8)).toBe(50_000);
    // WETH itself is still priced by its own deep stablecoin pool.
    expect(wethUsd(graph)).toBe(3_000);
    // With the WBTC/WETH pool thinner than the stablecoin one, the stablecoin pool prices WBTC as before.
    const shallow = pool(4, WBTC, WETH, 1n * 10n ** 7n, 166_666_666_666_666_666n);
    graph.pools.set(shallow.address, shallow);
    expect(Math.round(usd(valueInUsd(graph, WBTC, 10n ** 8n)!))).toBe(100_000);
  });
});

