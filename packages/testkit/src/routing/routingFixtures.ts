/** Small graphs for route tests and benchmarks. */
import type { Address } from "viem";
import { getSqrtRatioAtTick, V2Pool, type Pool } from "@sluice/core";
import { makeV3Pool } from "../pools/v3Fixtures.js";

/** A deterministic address from a label: token(1) = 0x…01. */
export function address(n: number): Address {
  return `0x${n.toString(16).padStart(40, "0")}` as Address;
}

export function v2(poolId: number, a: Address, b: Address, reserveA: bigint, reserveB: bigint): V2Pool {
  const [token0, token1, reserve0, reserve1] = a < b ? [a, b, reserveA, reserveB] : [b, a, reserveB, reserveA];
  return new V2Pool({ address: address(0x10000 + poolId), token0, token1, reserve0, reserve1 });
}

/**
 * A V3 pool of `fee` around price 1:1 (adjusted by `tick`) with a wide and a concentrated position of `liquidity`.
 */
export function v3(poolId: number, a: Address, b: Address, fee: number, liquidity: bigint, tick = 0): Pool {
  const [token0, token1] = a < b ? [a, b] : [b, a];
  const spacing = { 100: 1, 500: 10, 3000: 60, 10000: 200 }[fee]!;
  const center = Math.round(tick / spacing) * spacing;
  return makeV3Pool({
    address: address(0x20000 + poolId),
    token0,
    token1,
    fee,
    sqrtPriceX96: getSqrtRatioAtTick(tick) + 1n,
    positions: [
      { tickLower: center - 600 * spacing, tickUpper: center + 600 * spacing, liquidity },
      { tickLower: center - 10 * spacing, tickUpper: center + 10 * spacing, liquidity: liquidity * 4n },
    ],
  });
}

/**
 * Pools where the candidate search's beam (width 4) keeps only paths that run dry: four equal V2 a–b pools fill the
 * beam at b and push out the V3 a–b pool, which pays a little less b; every kept path then overruns the thin V3 b–d
 * pool's range, which only the pruned path's smaller amount fits (a case fast-check found). `amountIn` of `a` sits at
 * that edge; `onlyAbsorbing` is the first pool of the one path that absorbs it, ending d–e.
 */
export function beamPrunedPools(a: Address, b: Address, d: Address, e: Address): { pools: Pool[]; amountIn: bigint; onlyAbsorbing: Pool } {
  const E18 = 10n ** 18n;
  const deep = 1_000n * E18;
  const pools = [v2(0, b, a, deep, deep), v3(1, b, a, 3000, 20n * E18), v2(2, e, d, deep, deep), v2(3, a, b, deep, deep), v2(4, b, a, deep, deep), v3(5, d, b, 100, 20n * E18), v2(6, a, b, deep, deep)];
  return { pools, amountIn: 651_508_855_094_852_843n, onlyAbsorbing: pools[1]! };
}
