import { V2Pool } from "../pools/v2/v2Pool.js";
import { V3Pool } from "../pools/v3/v3Pool.js";
import type { IndexedPool, PendingPool } from "./graphTypes.js";

/**
 * The pool `encodeSharedPool` wrote, rebuilt on this graph's own pool (`meta` gives its tokens, fee and tick
 * spacing). Null when the entry does not fit the pool (another protocol, malformed): the caller then reads the chain.
 */
export function decodeSharedPool(meta: IndexedPool | PendingPool, encoded: unknown): IndexedPool | null {
  try {
    const value = (typeof encoded === "string" ? JSON.parse(encoded) : encoded) as unknown[];
    if (!Array.isArray(value)) return null;
    const { address, token0, token1 } = meta;
    if (value[0] === "v2" && meta.protocol === "uniswap-v2") {
      return new V2Pool({ address, token0, token1, reserve0: big(value[1]), reserve1: big(value[2]) });
    }
    if (value[0] === "v3" && meta.protocol === "uniswap-v3") {
      const ticks = (value[4] as [number, string][]).map(([index, net]) => ({ index, liquidityNet: big(net) }));
      const range = value[5] as [number, number] | undefined;
      return new V3Pool({
        address, token0, token1, fee: meta.fee, tickSpacing: meta.tickSpacing,
        sqrtPriceX96: big(value[1]), tick: Number(value[2]), liquidity: big(value[3]), ticks,
        ...(range !== undefined && { tickDataRange: [Number(range[0]), Number(range[1])] as const }),
      });
    }
    return null;
  } catch {
    return null;
  }
}

function big(value: unknown): bigint {
  if (typeof value !== "string") throw new TypeError("not a hex string");
  return value.startsWith("-") ? -BigInt(value.slice(1)) : BigInt(value);
}
