/** Helpers shared by the math tests, ported from Uniswap's test utilities. */

/** Integer square root (floor). */
export function sqrt(value: bigint): bigint {
  if (value < 2n) return value;
  // Newton's method from an over-estimate converges monotonically down to floor(sqrt(value)).
  let x = 1n << BigInt(Math.ceil(value.toString(2).length / 2));
  let y = (x + value / x) >> 1n;
  while (y < x) {
    x = y;
    y = (x + value / x) >> 1n;
  }
  return x;
}

/** encodePriceSqrt(reserve1, reserve0) of the Uniswap tests: sqrt(reserve1 / reserve0) × 2^96, floored. */
export function encodePriceSqrt(reserve1: bigint, reserve0: bigint): bigint {
  return sqrt((reserve1 << 192n) / reserve0);
}

export function expandTo18Decimals(n: bigint): bigint {
  return n * 10n ** 18n;
}
