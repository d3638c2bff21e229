import { require_ } from "../../errors.js";
import { getNextSqrtPriceFromAmount0RoundingUp } from "./getNextSqrtPriceFromAmount0RoundingUp.js";
import { getNextSqrtPriceFromAmount1RoundingDown } from "./getNextSqrtPriceFromAmount1RoundingDown.js";

/**
 * SqrtPriceMath.getNextSqrtPriceFromInput: the sqrt price after swapping `amountIn` of token0 (zeroForOne) or token1
 * in, rounded so the target price is never passed. Throws if the price or the liquidity is zero.
 */
export function getNextSqrtPriceFromInput(
  sqrtPX96: bigint,
  liquidity: bigint,
  amountIn: bigint,
  zeroForOne: boolean,
): bigint {
  require_(sqrtPX96 > 0n, "INVALID_SQRT_RATIO", "getNextSqrtPriceFromInput: price is zero");
  require_(liquidity > 0n, "INSUFFICIENT_LIQUIDITY", "getNextSqrtPriceFromInput: liquidity is zero");
  return zeroForOne
    ? getNextSqrtPriceFromAmount0RoundingUp(sqrtPX96, liquidity, amountIn, true)
    : getNextSqrtPriceFromAmount1RoundingDown(sqrtPX96, liquidity, amountIn, true);
}
