/** Builders for V3 pools in tests and benchmarks: positions → initialized ticks and in-range liquidity. */
import type { Address } from "viem";
import { getTickAtSqrtRatio, V3Pool, type InitializedTick } from "@sluice/core";

export type Position = { tickLower: number; tickUpper: number; liquidity: bigint };

export const minUsableTick = (tickSpacing: number) => Math.ceil(-887272 / tickSpacing) * tickSpacing;
export const maxUsableTick = (tickSpacing: number) => Math.floor(887272 / tickSpacing) * tickSpacing;

/** The initialized ticks and the in-range liquidity that minting `positions` leaves at `tick`. */
export function ticksFromPositions(positions: readonly Position[], tick: number): { ticks: InitializedTick[]; liquidity: bigint } {
  const net = new Map<number, bigint>();
  let liquidity = 0n;
  for (const p of positions) {
    net.set(p.tickLower, (net.get(p.tickLower) ?? 0n) + p.liquidity);
    net.set(p.tickUpper, (net.get(p.tickUpper) ?? 0n) - p.liquidity);
    if (p.tickLower <= tick && tick < p.tickUpper) liquidity += p.liquidity;
  }
  const ticks = [...net.entries()].sort((a, b) => a[0] - b[0]).map(([index, liquidityNet]) => ({ index, liquidityNet }));
  return { ticks, liquidity };
}

export type MakeV3PoolParameters = {
  address?: Address;
  token0?: Address;
  token1?: Address;
  fee: number;
  tickSpacing?: number;
  sqrtPriceX96: bigint;
  positions: readonly Position[];
};

/** A V3 pool initialized at `sqrtPriceX96` with `positions` minted, as the contract would hold it. */
export function makeV3Pool(p: MakeV3PoolParameters): V3Pool {
  const tick = getTickAtSqrtRatio(p.sqrtPriceX96);
  const { ticks, liquidity } = ticksFromPositions(p.positions, tick);
  return new V3Pool({
    address: p.address ?? "0x00000000000000000000000000000000000000a3",
    token0: p.token0 ?? "0x0000000000000000000000000000000000000001",
    token1: p.token1 ?? "0x0000000000000000000000000000000000000002",
    fee: p.fee,
    tickSpacing: p.tickSpacing,
    sqrtPriceX96: p.sqrtPriceX96,
    tick,
    liquidity,
    ticks,
  });
}
