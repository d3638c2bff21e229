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
