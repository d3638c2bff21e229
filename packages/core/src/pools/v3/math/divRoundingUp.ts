/** UnsafeMath.divRoundingUp: ceil(x ÷ y) for unsigned x, y; y must be non-zero (a zero y returns 0 on chain). */
export function divRoundingUp(x: bigint, y: bigint): bigint {
  if (y === 0n) return 0n;
  const q = x / y;
  return x % y === 0n ? q : q + 1n;
}
