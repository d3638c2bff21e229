import type { Address } from "viem";
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO } from "../pools/v3/math/constants.js";
import { swap } from "../pools/v3/swap.js";
import type { V3Pool } from "../pools/v3/v3Pool.js";
import { otherToken, type Pool } from "../pools/types.js";

/** The near-price band: the sqrt price moves by 1 % (101 / 100), the price by about 2 %. */
const BAND_NUMERATOR = 101n;
const BAND_DENOMINATOR = 100n;

/** More than any pool holds: the swap stops at the band's edge, not for want of input. */
const UNBOUNDED_INPUT = 1n << 200n;

/**
 * A pool's depth near its own price, both ways, as a reserve (raw units of the token other than `token`): the lesser
 * of what selling `token` into the pool really pays out before the pool's price of `token` has fallen by about 2 %,
 * and what buying it pays out (valued at the pool's price) before that price has risen by as much (the sqrt price
 * moved 1 %, fee excluded), times 101, the reserve of a constant-product pool that would pay exactly as much. So a V2
 * pair's is its reserve, a V3 pool's is its virtual reserve when its liquidity spans the band on both sides, and less
 * when it does not. USD prices choose their pool by it; the routable set values pools by it (`poolLiquidityUsd`).
 *
 * Why not virtual reserves (in-range liquidity × price): a V3 position one tick wide has virtual reserves about
 * 20,000 times what it holds, so anyone can create a pool at a wrong price, put a few thousand dollars in one tick, and
 * outrank a $30M pool. Why not everything a pool can pay out: liquidity parked far from the price is real but no
 * market at the price (arbitrage at a wrong price never reaches it). Liquidity within 2 % of a wrong price is taken by
 * the first arbitrage, so outranking a real market costs what that market holds near its price. Why both ways: a
 * pool can bid for a token at half its price with money nobody will take (nobody sells at half price) and offer none
 * of it (nothing for arbitrage to buy); only money on the side arbitrage takes makes a wrong price cost anything.
 *
 * V2: the reserve out (constant product: it pays reserve / 101 as the sqrt price falls by 101/100). V3: the exact swap
 * to the band's edge through every initialized tick on the way. 0n when the pool math refuses (a pool read only near
 * its price whose band leaves what was read): no depth, no price. Kept per pool object (pools are
 * immutable: a refresh makes a new object).
 */
export function nearPriceReserve(pool: Pool, token: Address): bigint {
  let known = depths.get(pool);
  if (!known) depths.set(pool, (known = new Map()));
  let depth = known.get(token);
  if (depth === undefined) {
    const bid = cachedOneWay(known, pool, token); // the other token paid for `token`
    const ask = cachedOneWay(known, pool, otherToken(pool, token)); // `token` paid for the other
    const mid = pool.midPrice(token); // other per `token`
    const askInOther = mid.denominator === 0n ? 0n : (ask * mid.numerator) / mid.denominator;
    depth = bid < askInOther ? bid : askInOther;
    known.set(token, depth);
  }
  return depth;
}

/**
 * Per pool object: the depth as seen from each token (keyed by the token) and each one-way swap (keyed by the token
 * sold, with a prefix). The two depths of a pool share their two swaps, so asking for the second costs no swap (the
 * routable set asks for both sides of every pool).
 */
const depths = new WeakMap<Pool, Map<string, bigint>>();

function cachedOneWay(known: Map<string, bigint>, pool: Pool, sold: Address): bigint {
  const key = `sell:${sold}`;
  let out = known.get(key);
  if (out === undefined) known.set(key, (out = oneWay(pool, sold)));
  return out;
}

/** One way: what selling `token` into the pool pays out of the other within the band, as a reserve (×101). */
function oneWay(pool: Pool, token: Address): bigint {
  const zeroForOne = pool.token0 === token;
  if ("reserve0" in pool && "reserve1" in pool) {
    return (zeroForOne ? pool.reserve1 : pool.reserve0) as bigint;
  }
  const v3 = pool as V3Pool;
  // Selling token0 lowers the sqrt price (token1 per token0), selling token1 raises it.
  const limit = zeroForOne ? (v3.sqrtPriceX96 * BAND_DENOMINATOR) / BAND_NUMERATOR : (v3.sqrtPriceX96 * BAND_NUMERATOR) / BAND_DENOMINATOR;
  if (limit <= MIN_SQRT_RATIO || limit >= MAX_SQRT_RATIO) return 0n;
  try {
    const result = swap(v3, { zeroForOne, amountSpecified: UNBOUNDED_INPUT, sqrtPriceLimitX96: limit });
    const out = -(zeroForOne ? result.amount1 : result.amount0);
    return out > 0n ? (out * BAND_NUMERATOR) / (BAND_NUMERATOR - BAND_DENOMINATOR) : 0n;
  } catch {
    return 0n;
  }
}
