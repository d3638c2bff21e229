import type { Address } from "viem";
import { otherToken, type Pool } from "../pools/types.js";
import type { Ratio } from "./decimalFraction.js";

/** A pool that can pay out less than this much (USD) of a priced token is dust. */
export const MIN_POOL_PAYOUT_USD = 500;

/** More than any pool holds: a V3 swap of this much drains every range it can reach. */
const DRAIN_AMOUNT = 1n << 120n;

/**
 * Whether `pool` can pay out, in all, less than `minUsd` worth of `token` (priced at `usdPerRaw`): a V2 pair's reserve;
 * for V3, what an unbounded swap into the pool gets out of every range it holds (exact pool math, so a narrow
 * position is judged by what it really holds, not by its virtual reserves). Such a pool's price is no market: a few
 * dollars move it, and thousands of them on mainnet quote wrong prices.
 */
export function isThinPool(pool: Pool, token: Address, usdPerRaw: Ratio, minUsd = MIN_POOL_PAYOUT_USD): boolean {
  const payable = "reserve0" in pool && "reserve1" in pool
    ? (pool.token0 === token ? pool.reserve0 : pool.reserve1) as bigint
    : drainPayout(pool, token);
  if (payable === null) return true;
  // payable × usdPerRaw < minUsd
  return payable * usdPerRaw.numerator < BigInt(minUsd) * usdPerRaw.denominator;
}

/**
 * What an unbounded swap into a V3 pool pays out of `token` (null: the pool math refused it), kept per pool object:
 * pools are immutable (a refresh makes a new object), so the payout is a pure function of the object. A drain walks
 * every initialized tick, and every quote judges the pools its searches touch: each pool state is drained once per
 * isolate, not once per quote.
 */
const drainPayouts = new WeakMap<Pool, Map<Address, bigint | null>>();

function drainPayout(pool: Pool, token: Address): bigint | null {
  let known = drainPayouts.get(pool);
  if (!known) drainPayouts.set(pool, (known = new Map()));
  let payout = known.get(token);
  if (payout === undefined) {
    try {
      payout = pool.quoteExactIn(otherToken(pool, token), DRAIN_AMOUNT).amountOut;
    } catch {
      payout = null;
    }
    known.set(token, payout);
  }
  return payout;
}
