import { require_ } from "../errors.js";

export type GetAmountOutParameters = { amountIn: bigint; reserveIn: bigint; reserveOut: bigint };

/**
 * UniswapV2Library.getAmountOut (0.3% fee): amountIn × 997 × reserveOut ÷ (reserveIn × 1000 + amountIn × 997),
 * rounded down; throws where the library reverts.
 */
export function getAmountOut({ amountIn, reserveIn, reserveOut }: GetAmountOutParameters): bigint {
  require_(amountIn > 0n, "INSUFFICIENT_INPUT_AMOUNT", "UniswapV2Library: INSUFFICIENT_INPUT_AMOUNT");
  require_(reserveIn > 0n && reserveOut > 0n, "INSUFFICIENT_LIQUIDITY", "UniswapV2Library: INSUFFICIENT_LIQUIDITY");
  const amountInWithFee = amountIn * 997n;
  return (amountInWithFee * reserveOut) / (reserveIn * 1000n + amountInWithFee);
}
