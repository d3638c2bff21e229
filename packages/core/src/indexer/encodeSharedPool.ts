import type { IndexedPool } from "./graphTypes.js";

/**
 * A pool's quotable state as one compact JSON string for the shared per-block entry (`refreshSharedPools`): V2
 * reserves; V3 price, tick, liquidity, the whole initialized tick list (a reader replaces its pool with it, so
 * Mint/Burn changes of the block travel with it) and, for a pool whose ticks are kept only near its price, the range
 * they are complete in (`tickDataRange`). Bigints as hex; token addresses and fee tier are not written (every
 * reader's graph has them).
 */
export function encodeSharedPool(pool: IndexedPool): string {
  if (pool.protocol === "uniswap-v2") return JSON.stringify(["v2", hex(pool.reserve0), hex(pool.reserve1)]);
  const row = ["v3", hex(pool.sqrtPriceX96), pool.tick, hex(pool.liquidity), pool.ticks.map((t) => [t.index, hex(t.liquidityNet)])];
  return JSON.stringify(pool.tickDataRange ? [...row, pool.tickDataRange] : row);
}

function hex(value: bigint): string {
  return value < 0n ? `-0x${(-value).toString(16)}` : `0x${value.toString(16)}`;
}
