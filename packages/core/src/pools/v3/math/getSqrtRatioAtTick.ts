import { PoolMathError } from "../../errors.js";
import { MAX_TICK } from "./constants.js";

const MAX_UINT256 = (1n << 256n) - 1n;
const MASK_32 = (1n << 32n) - 1n;

/** The Q128.128 factors sqrt(1.0001)^-(2^i) of TickMath, for bits 1 to 19 of |tick|. */
const FACTORS: readonly bigint[] = [
  0xfff97272373d413259a46990580e213an,
  0xfff2e50f5f656932ef12357cf3c7fdccn,
  0xffe5caca7e10e4e61c3624eaa0941cd0n,
  0xffcb9843d60f6159c9db58835c926644n,
  0xff973b41fa98c081472e6896dfb254c0n,
  0xff2ea16466c96a3843ec78b326b52861n,
  0xfe5dee046a99a2a811c461f1969c3053n,
  0xfcbe86c7900a88aedcffc83b479aa3a4n,
  0xf987a7253ac413176f2b074cf7815e54n,
  0xf3392b0822b70005940c7a398e4b70f3n,
  0xe7159475a2c29b7443b29c7fa6e889d9n,
  0xd097f3bdfd2022b8845ad8f792aa5825n,
  0xa9f746462d870fdf8a65dc1f90e061e5n,
  0x70d869a156d2a1b890bb3df62baf32f7n,
  0x31be135f97d08fd981231505542fcfa6n,
  0x9aa508b5b7a84e1c677de54f3e99bc9n,
  0x5d6af8dedb81196699c329225ee604n,
  0x2216e584f5fa1ea926041bedfe98n,
  0x48a170391f7dc42444e8fa2n,
];

const cache = new Map<number, bigint>();
const CACHE_LIMIT = 200_000;

function compute(tick: number): bigint {
  const absTick = tick < 0 ? -tick : tick;
  let ratio = absTick & 0x1 ? 0xfffcb933bd6fad37aa2d162d1a594001n : 0x100000000000000000000000000000000n;
  for (let i = 0; i < FACTORS.length; i++) {
    if (absTick & (2 << i)) ratio = (ratio * FACTORS[i]!) >> 128n;
  }
  if (tick > 0) ratio = MAX_UINT256 / ratio;
  // Q128.128 → Q64.96, rounding up so that getTickAtSqrtRatio of the result is consistent.
  return (ratio >> 32n) + ((ratio & MASK_32) === 0n ? 0n : 1n);
}

/**
 * TickMath.getSqrtRatioAtTick: sqrt(1.0001^tick) × 2^96 as a Q64.96, bit-exact with the contract.
 * Throws for |tick| > MAX_TICK. Results are memoised (the function is pure).
 */
export function getSqrtRatioAtTick(tick: number): bigint {
  const cached = cache.get(tick);
  if (cached !== undefined) return cached;
  if (!Number.isInteger(tick) || tick < -MAX_TICK || tick > MAX_TICK) {
    throw new PoolMathError("INVALID_TICK", `getSqrtRatioAtTick: tick ${tick} is outside [-${MAX_TICK}, ${MAX_TICK}]`);
  }
  const result = compute(tick);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(tick, result);
  return result;
}
