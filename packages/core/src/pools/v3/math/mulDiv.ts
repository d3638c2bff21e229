import { PoolMathError } from "../../errors.js";
import { MAX_UINT256 } from "./constants.js";

/**
 * FullMath.mulDiv: floor(a × b ÷ denominator) with a full-precision intermediate product.
 * Reverts (throws) when the denominator is zero or the result does not fit in 256 bits, like the contract.
 */
export function mulDiv(a: bigint, b: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new PoolMathError("DIVISION_BY_ZERO", "mulDiv: denominator is zero");
  const result = (a * b) / denominator;
  if (result > MAX_UINT256) throw new PoolMathError("OVERFLOW", "mulDiv: result overflows uint256");
  return result;
}
