import { PoolMathError } from "../../errors.js";
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO } from "./constants.js";
import { getSqrtRatioAtTick } from "./getSqrtRatioAtTick.js";

const LOG_SQRT10001_FACTOR = 255738958999603826347141n;
const TICK_LOW_OFFSET = 3402992956809132418596140100660247210n;
const TICK_HIGH_OFFSET = 291339464771989622907027621153398088495n;

function mostSignificantBit(x: bigint): number {
  // x < 2^192 here; the bit length of its hex form gives the MSB exactly.
  const hex = x.toString(16);
  return (hex.length - 1) * 4 + (31 - Math.clz32(parseInt(hex[0]!, 16)));
}

/** int24(x >> 128) for a signed 256-bit x, as the contract's truncating cast after an arithmetic shift. */
function toInt24(x: bigint): number {
  return Number(BigInt.asIntN(24, x >> 128n));
}

/**
 * TickMath.getTickAtSqrtRatio: the greatest tick whose sqrt ratio is ≤ `sqrtPriceX96`, bit-exact with the contract
 * (same binary-logarithm approximation and the same tie-break through getSqrtRatioAtTick).
 * Throws unless MIN_SQRT_RATIO ≤ sqrtPriceX96 < MAX_SQRT_RATIO.
 */
export function getTickAtSqrtRatio(sqrtPriceX96: bigint): number {
  if (sqrtPriceX96 < MIN_SQRT_RATIO || sqrtPriceX96 >= MAX_SQRT_RATIO) {
    throw new PoolMathError("INVALID_SQRT_RATIO", `getTickAtSqrtRatio: sqrt ratio ${sqrtPriceX96} is out of range`);
  }
  const ratio = sqrtPriceX96 << 32n;
  const msb = mostSignificantBit(ratio);
  let r = msb >= 128 ? ratio >> BigInt(msb - 127) : ratio << BigInt(127 - msb);
  let log2 = BigInt(msb - 128) << 64n;
  for (let shift = 63n; shift >= 50n; shift--) {
    r = (r * r) >> 127n;
    const f = r >> 128n;
    log2 |= f << shift;
    r >>= f;
  }
  const logSqrt10001 = log2 * LOG_SQRT10001_FACTOR;
  const tickLow = toInt24(logSqrt10001 - TICK_LOW_OFFSET);
  const tickHigh = toInt24(logSqrt10001 + TICK_HIGH_OFFSET);
  if (tickLow === tickHigh) return tickLow;
  return getSqrtRatioAtTick(tickHigh) <= sqrtPriceX96 ? tickHigh : tickLow;
}
