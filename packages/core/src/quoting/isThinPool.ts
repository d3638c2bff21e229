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
  let payable: bigint;
  if ("reserve0" in pool && "reserve1" in pool) {
    payable = (pool.token0 === token ? pool.reserve0 : pool.reserve1) as bigint;
  } else {
    try {
      payable = pool.quoteExactIn(otherToken(pool, token), DRAIN_AMOUNT).amountOut;
    } catch {
      return true;
    }
  }
  // payable × usdPerRaw < minUsd
  return payable * usdPerRaw.numerator < BigInt(minUsd) * usdPerRaw.denominator;
}
