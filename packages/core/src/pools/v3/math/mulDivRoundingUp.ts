import { PoolMathError } from "../../errors.js";
import { MAX_UINT256 } from "./constants.js";

/**
 * FullMath.mulDivRoundingUp: ceil(a × b ÷ denominator) with a full-precision intermediate product.
 * Throws when the denominator is zero or the result does not fit in 256 bits, like the contract.
 */
export function mulDivRoundingUp(a: bigint, b: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new PoolMathError("DIVISION_BY_ZERO", "mulDivRoundingUp: denominator is zero");
  const product = a * b;
  let result = product / denominator;
  if (result > MAX_UINT256) throw new PoolMathError("OVERFLOW", "mulDivRoundingUp: result overflows uint256");
  if (product % denominator !== 0n) {
    if (result === MAX_UINT256) throw new PoolMathError("OVERFLOW", "mulDivRoundingUp: result overflows uint256");
    result++;
  }
  return result;
}
