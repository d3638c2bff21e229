import { require_ } from "../../errors.js";
import { MAX_UINT128 } from "./constants.js";

/** LiquidityMath.addDelta: liquidity + a signed delta, throwing on uint128 underflow or overflow like the contract. */
export function addDelta(liquidity: bigint, delta: bigint): bigint {
  const result = liquidity + delta;
  require_(result >= 0n, "LIQUIDITY_UNDERFLOW", "addDelta: liquidity underflows (LS)");
  require_(result <= MAX_UINT128, "OVERFLOW", "addDelta: liquidity overflows (LA)");
  return result;
}
