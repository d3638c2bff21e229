import { require_ } from "../../errors.js";
import { getNextSqrtPriceFromAmount0RoundingUp } from "./getNextSqrtPriceFromAmount0RoundingUp.js";
import { getNextSqrtPriceFromAmount1RoundingDown } from "./getNextSqrtPriceFromAmount1RoundingDown.js";

/**
 * SqrtPriceMath.getNextSqrtPriceFromOutput: the sqrt price after swapping `amountOut` of token1 (zeroForOne) or token0
 * out, rounded so the target price is passed. Throws if the price or the liquidity is zero, or if the output exceeds
 * the virtual reserves.
 */
export function getNextSqrtPriceFromOutput(
  sqrtPX96: bigint,
  liquidity: bigint,
  amountOut: bigint,
  zeroForOne: boolean,
): bigint {
  require_(sqrtPX96 > 0n, "INVALID_SQRT_RATIO", "getNextSqrtPriceFromOutput: price is zero");
  require_(liquidity > 0n, "INSUFFICIENT_LIQUIDITY", "getNextSqrtPriceFromOutput: liquidity is zero");
  return zeroForOne
    ? getNextSqrtPriceFromAmount1RoundingDown(sqrtPX96, liquidity, amountOut, false)
    : getNextSqrtPriceFromAmount0RoundingUp(sqrtPX96, liquidity, amountOut, false);
}
