import { PoolMathError } from "../../errors.js";
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK } from "./constants.js";
import { getSqrtRatioAtTick } from "./getSqrtRatioAtTick.js";

const Q96 = 2 ** 96;
const LOG_SQRT_10001 = Math.log(1.0001) / 2;

/**
 * How far (in ticks) a floating-point logarithm may be from the contract's ticks: the double's own error is about
 * 1e-10 tick, and the contract's rounding of a ratio to Q64.96 moves it by at most about 5e-6 tick (near MIN_TICK,
 * where the ratio is a few billion units). An estimate farther than this from a whole tick is floored exactly.
 */
const ESTIMATE_MARGIN = 1e-4;

/**
 * TickMath.getTickAtSqrtRatio: the greatest tick whose sqrt ratio is ≤ `sqrtPriceX96` — the contract's documented
 * result, which its binary-logarithm approximation computes exactly (its final tie-break is this same comparison).
 * Here a floating-point logarithm gives it directly unless the ratio lies within ESTIMATE_MARGIN of a tick's, where
 * getSqrtRatioAtTick (bit-exact with the contract) settles it. This is the router's hottest function (every simulated
 * V3 swap ends with it); the contract's fourteen 256-bit squarings cost about 4 µs a call, the logarithm 0.1 µs.
 * Throws unless MIN_SQRT_RATIO ≤ sqrtPriceX96 < MAX_SQRT_RATIO.
 */
export function getTickAtSqrtRatio(sqrtPriceX96: bigint): number {
  if (sqrtPriceX96 < MIN_SQRT_RATIO || sqrtPriceX96 >= MAX_SQRT_RATIO) {
    throw new PoolMathError("INVALID_SQRT_RATIO", `getTickAtSqrtRatio: sqrt ratio ${sqrtPriceX96} is out of range`);
  }
  const estimate = Math.log(Number(sqrtPriceX96) / Q96) / LOG_SQRT_10001;
  const floor = Math.floor(estimate);
  if (estimate - floor > ESTIMATE_MARGIN && estimate - floor < 1 - ESTIMATE_MARGIN) return floor;
  let tick = Math.min(MAX_TICK - 1, Math.max(MIN_TICK, Math.round(estimate)));
  // getSqrtRatioAtTick(MIN_TICK) = MIN_SQRT_RATIO ≤ the ratio < MAX_SQRT_RATIO = getSqrtRatioAtTick(MAX_TICK): both end.
  while (getSqrtRatioAtTick(tick) > sqrtPriceX96) tick--;
  while (getSqrtRatioAtTick(tick + 1) <= sqrtPriceX96) tick++;
  return tick;
}
