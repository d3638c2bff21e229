import type { Address } from "viem";
import type { Pool } from "../pools/types.js";
import type { Ratio } from "./decimalFraction.js";
import { poolPayout } from "./poolPayout.js";

/** A pool that can pay out less than this much (USD) of a priced token is dust. */
export const MIN_POOL_PAYOUT_USD = 500;

/**
 * Whether `pool` can pay out, in all (`poolPayout`: a V2 pair's reserve; for V3, what an unbounded swap into the pool
 * gets out of every range it holds, so a narrow position is judged by what it really holds, not by its virtual
 * reserves), less than `minUsd` worth of `token` (priced at `usdPerRaw`). Such a pool's price is no market: a few
 * dollars move it, and thousands of them on mainnet quote wrong prices.
 */
export function isThinPool(pool: Pool, token: Address, usdPerRaw: Ratio, minUsd = MIN_POOL_PAYOUT_USD): boolean {
  const payable = poolPayout(pool, token);
  if (payable === null) return true;
  // payable × usdPerRaw < minUsd
  return payable * usdPerRaw.numerator < BigInt(minUsd) * usdPerRaw.denominator;
}
