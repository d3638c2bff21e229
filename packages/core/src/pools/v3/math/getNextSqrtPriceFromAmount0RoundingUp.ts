import { require_ } from "../../errors.js";
import { MAX_UINT160, MAX_UINT256 } from "./constants.js";
import { divRoundingUp } from "./divRoundingUp.js";
import { mulDivRoundingUp } from "./mulDivRoundingUp.js";

/**
 * SqrtPriceMath.getNextSqrtPriceFromAmount0RoundingUp: the sqrt price after adding (or removing) `amount` of token0,
 * rounded up. Reproduces the contract's 256-bit overflow branches, which select between two formulas with different
 * rounding, so the result is bit-exact.
 */
export function getNextSqrtPriceFromAmount0RoundingUp(
  sqrtPX96: bigint,
  liquidity: bigint,
  amount: bigint,
  add: boolean,
): bigint {
  // short-circuit: the result is otherwise not guaranteed to equal the input price
  if (amount === 0n) return sqrtPX96;
  const numerator1 = liquidity << 96n;
  const product = amount * sqrtPX96;
  const productFits = product <= MAX_UINT256;
  if (add) {
    if (productFits) {
      const denominator = numerator1 + product;
      if (denominator <= MAX_UINT256) return mulDivRoundingUp(numerator1, sqrtPX96, denominator);
    }
    const denominator = numerator1 / sqrtPX96 + amount;
    require_(denominator <= MAX_UINT256, "OVERFLOW", "getNextSqrtPriceFromAmount0RoundingUp: denominator overflows");
    return divRoundingUp(numerator1, denominator);
  }
  require_(
    productFits && numerator1 > product,
    "INSUFFICIENT_LIQUIDITY",
    "getNextSqrtPriceFromAmount0RoundingUp: output exceeds the virtual reserves of token0",
  );
  const result = mulDivRoundingUp(numerator1, sqrtPX96, numerator1 - product);
  require_(result <= MAX_UINT160, "OVERFLOW", "getNextSqrtPriceFromAmount0RoundingUp: price overflows uint160");
  return result;
}
