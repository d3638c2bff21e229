/**
 * Exact conversions between a scenario's human prices (decimal strings) and Uniswap's raw representations.
 * A price is kept as a fraction of bigints until the final integer square root, so no float ever decides a pool's
 * on-chain price. Floats are used only to pick the nearest usable tick for a position bound, where the answer is
 * then snapped to an integer tick.
 */
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO, usableTickRange } from "./tickMath.js";

export type Fraction = { numerator: bigint; denominator: bigint };

/** "12.5" → 125/10. */
export function parseDecimalFraction(value: string): Fraction {
  const [whole, fraction = ""] = value.split(".");
  return { numerator: BigInt(`${whole}${fraction}`), denominator: 10n ** BigInt(fraction.length) };
}

/** Floor of the square root of a non-negative bigint (Newton's method). */
export function sqrtBigint(value: bigint): bigint {
  if (value < 0n) throw new Error("square root of a negative number");
  if (value < 2n) return value;
  let x = 1n << BigInt(Math.ceil(value.toString(2).length / 2));
  for (;;) {
    const y = (x + value / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/**
 * Raw price of token1 in token0 (raw units) for a human price given as "units of quote per one unit of base".
 * `baseIsToken0` says whether the scenario's first token is the pool's token0 (the lower address).
 */
export function rawPoolPrice(humanPrice: Fraction, decimals0: number, decimals1: number, baseIsToken0: boolean): Fraction {
  const scale0 = 10n ** BigInt(decimals0);
  const scale1 = 10n ** BigInt(decimals1);
  // price(token1 per token0), raw = human(token1 per token0) × 10^d1 / 10^d0
  return baseIsToken0
    ? { numerator: humanPrice.numerator * scale1, denominator: humanPrice.denominator * scale0 }
    : { numerator: humanPrice.denominator * scale1, denominator: humanPrice.numerator * scale0 };
}

/** sqrt(price) × 2^96, rounded down; null when the price is outside what a V3 pool can hold. */
export function sqrtPriceX96(price: Fraction): bigint | null {
  const value = sqrtBigint((price.numerator << 192n) / price.denominator);
  return value >= MIN_SQRT_RATIO && value < MAX_SQRT_RATIO ? value : null;
}

function lnBigint(value: bigint): number {
  const bits = value.toString(2).length;
  if (bits <= 1000) return Math.log(Number(value));
  const shift = bits - 64;
  return Math.log(Number(value >> BigInt(shift))) + shift * Math.LN2;
}

/** The usable tick (a multiple of the spacing, within range) nearest to the raw price. */
export function nearestUsableTick(price: Fraction, tickSpacing: number): number {
  const exactTick = (lnBigint(price.numerator) - lnBigint(price.denominator)) / Math.log(1.0001);
  const { min, max } = usableTickRange(tickSpacing);
  const rounded = Math.round(exactTick / tickSpacing) * tickSpacing;
  return Math.min(max, Math.max(min, rounded)) || 0; // never -0
}
