import { require_ } from "../errors.js";

export type GetAmountInParameters = { amountOut: bigint; reserveIn: bigint; reserveOut: bigint };

/**
 * UniswapV2Library.getAmountIn (0.3% fee): reserveIn × amountOut × 1000 ÷ ((reserveOut − amountOut) × 997) + 1;
 * throws where the library reverts (including amountOut ≥ reserveOut).
 */
export function getAmountIn({ amountOut, reserveIn, reserveOut }: GetAmountInParameters): bigint {
  require_(amountOut > 0n, "INSUFFICIENT_OUTPUT_AMOUNT", "UniswapV2Library: INSUFFICIENT_OUTPUT_AMOUNT");
  require_(reserveIn > 0n && reserveOut > 0n, "INSUFFICIENT_LIQUIDITY", "UniswapV2Library: INSUFFICIENT_LIQUIDITY");
  require_(amountOut < reserveOut, "INSUFFICIENT_LIQUIDITY", "UniswapV2Library: amountOut exceeds the reserve");
  return (reserveIn * amountOut * 1000n) / ((reserveOut - amountOut) * 997n) + 1n;
}
