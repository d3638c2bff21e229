import { require_ } from "../../errors.js";
import { divRoundingUp } from "./divRoundingUp.js";
import { mulDiv } from "./mulDiv.js";
import { mulDivRoundingUp } from "./mulDivRoundingUp.js";

/**
 * SqrtPriceMath.getAmount0Delta: the token0 amount between two sqrt prices for a liquidity,
 * liquidity × (sqrtB − sqrtA) ÷ (sqrtA × sqrtB), rounded up or down exactly like the contract.
 * The prices may be given in either order.
 */
export function getAmount0Delta(sqrtRatioAX96: bigint, sqrtRatioBX96: bigint, liquidity: bigint, roundUp: boolean): bigint {
  let a = sqrtRatioAX96;
  let b = sqrtRatioBX96;
  if (a > b) [a, b] = [b, a];
  require_(a > 0n, "INVALID_SQRT_RATIO", "getAmount0Delta: sqrt ratio is zero");
  const numerator1 = liquidity << 96n;
  const numerator2 = b - a;
  return roundUp
    ? divRoundingUp(mulDivRoundingUp(numerator1, numerator2, b), a)
    : mulDiv(numerator1, numerator2, b) / a;
}
