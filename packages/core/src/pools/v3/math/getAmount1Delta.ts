import { Q96 } from "./constants.js";
import { mulDiv } from "./mulDiv.js";
import { mulDivRoundingUp } from "./mulDivRoundingUp.js";

/**
 * SqrtPriceMath.getAmount1Delta: the token1 amount between two sqrt prices for a liquidity,
 * liquidity × (sqrtB − sqrtA) ÷ 2^96, rounded up or down exactly like the contract.
 * The prices may be given in either order.
 */
export function getAmount1Delta(sqrtRatioAX96: bigint, sqrtRatioBX96: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const diff = sqrtRatioAX96 > sqrtRatioBX96 ? sqrtRatioAX96 - sqrtRatioBX96 : sqrtRatioBX96 - sqrtRatioAX96;
  return roundUp ? mulDivRoundingUp(liquidity, diff, Q96) : mulDiv(liquidity, diff, Q96);
}
