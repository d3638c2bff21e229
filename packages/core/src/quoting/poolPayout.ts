import type { Address } from "viem";
import { otherToken, type Pool } from "../pools/types.js";

/** More than any pool holds: a V3 swap of this much drains every range it can reach. */
const DRAIN_AMOUNT = 1n << 120n;

/**
 * What `pool` can pay out of `token` in all (raw units): a V2 pair's reserve; for V3, what an unbounded swap into the
 * pool gets out of every range it holds (exact pool math, so a narrow position, or a pool at an extreme price with
 * enormous liquidity, is judged by what it really holds, not by its liquidity or virtual reserves). null when the pool
 * math refuses; for a V3 pool kept only near its price (`tickDataRange`), what it pays out up to the edge of its known
 * ticks (a lower bound). V3 payouts are kept per pool object: pools are immutable (a refresh makes a new object), a drain walks
 * every initialized tick, and every quote judges the pools its searches touch, so each pool state is drained once per
 * isolate, not once per quote.
 */
export function poolPayout(pool: Pool, token: Address): bigint | null {
  if ("reserve0" in pool && "reserve1" in pool) return (pool.token0 === token ? pool.reserve0 : pool.reserve1) as bigint;
  let known = drainPayouts.get(pool);
  if (!known) drainPayouts.set(pool, (known = new Map()));
  let payout = known.get(token);
  if (payout === undefined) {
    try {
      // A pool kept only near its price is drained to the edge of its known ticks: what it surely holds.
      payout = pool.quoteExactIn(otherToken(pool, token), DRAIN_AMOUNT, { withinKnownTicks: true }).amountOut;
    } catch {
      payout = null;
    }
    known.set(token, payout);
  }
  return payout;
}

const drainPayouts = new WeakMap<Pool, Map<Address, bigint | null>>();
