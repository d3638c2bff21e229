/**
 * Uniswap V3 periphery's LiquidityAmounts and the core's amount formulas, in bigint. The devnet mints positions
 * straight on the pool, so it computes liquidity from the scenario's amounts exactly as the position manager does.
 */
import { Q96 } from "./tickMath.js";

const maxUint128 = (1n << 128n) - 1n;

function liquidityForAmount0(sqrtA: bigint, sqrtB: bigint, amount0: bigint): bigint {
  const intermediate = (sqrtA * sqrtB) / Q96;
  return (amount0 * intermediate) / (sqrtB - sqrtA);
}

function liquidityForAmount1(sqrtA: bigint, sqrtB: bigint, amount1: bigint): bigint {
  return (amount1 * Q96) / (sqrtB - sqrtA);
}

/** The most liquidity the amounts can buy in [sqrtA, sqrtB] at the current price (LiquidityAmounts.getLiquidityForAmounts). */
export function liquidityForAmounts(sqrtPrice: bigint, sqrtLower: bigint, sqrtUpper: bigint, amount0: bigint, amount1: bigint): bigint {
  const [a, b] = sqrtLower < sqrtUpper ? [sqrtLower, sqrtUpper] : [sqrtUpper, sqrtLower];
  let liquidity: bigint;
  if (sqrtPrice <= a) liquidity = liquidityForAmount0(a, b, amount0);
  else if (sqrtPrice < b) {
    const l0 = liquidityForAmount0(sqrtPrice, b, amount0);
    const l1 = liquidityForAmount1(a, sqrtPrice, amount1);
    liquidity = l0 < l1 ? l0 : l1;
  } else liquidity = liquidityForAmount1(a, b, amount1);
  if (liquidity > maxUint128) throw new Error("liquidity does not fit in uint128");
  return liquidity;
}

const divRoundingUp = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** Amounts the pool takes for `liquidity` in [sqrtLower, sqrtUpper] (rounded up, as the pool charges). */
export function amountsForLiquidity(sqrtPrice: bigint, sqrtLower: bigint, sqrtUpper: bigint, liquidity: bigint): [bigint, bigint] {
  const amount0 = (lo: bigint, hi: bigint) => divRoundingUp(divRoundingUp(liquidity * Q96 * (hi - lo), hi), lo);
  const amount1 = (lo: bigint, hi: bigint) => divRoundingUp(liquidity * (hi - lo), Q96);
  if (sqrtPrice <= sqrtLower) return [amount0(sqrtLower, sqrtUpper), 0n];
  if (sqrtPrice < sqrtUpper) return [amount0(sqrtPrice, sqrtUpper), amount1(sqrtLower, sqrtPrice)];
  return [0n, amount1(sqrtLower, sqrtUpper)];
}
