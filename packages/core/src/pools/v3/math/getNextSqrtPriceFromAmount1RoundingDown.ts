import { require_ } from "../../errors.js";
import { MAX_UINT160, Q96 } from "./constants.js";
import { divRoundingUp } from "./divRoundingUp.js";
import { mulDiv } from "./mulDiv.js";
import { mulDivRoundingUp } from "./mulDivRoundingUp.js";

/**
 * SqrtPriceMath.getNextSqrtPriceFromAmount1RoundingDown: the sqrt price after adding (or removing) `amount` of token1,
 * rounded down, bit-exact with the contract.
 */
export function getNextSqrtPriceFromAmount1RoundingDown(
  sqrtPX96: bigint,
  liquidity: bigint,
  amount: bigint,
  add: boolean,
): bigint {
  if (add) {
    const quotient = amount <= MAX_UINT160 ? (amount << 96n) / liquidity : mulDiv(amount, Q96, liquidity);
    const result = sqrtPX96 + quotient;
    require_(result <= MAX_UINT160, "OVERFLOW", "getNextSqrtPriceFromAmount1RoundingDown: price overflows uint160");
    return result;
  }
  const quotient = amount <= MAX_UINT160 ? divRoundingUp(amount << 96n, liquidity) : mulDivRoundingUp(amount, Q96, liquidity);
  require_(
    sqrtPX96 > quotient,
    "INSUFFICIENT_LIQUIDITY",
    "getNextSqrtPriceFromAmount1RoundingDown: output exceeds the virtual reserves of token1",
  );
  return sqrtPX96 - quotient;
}
