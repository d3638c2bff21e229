/**
 * What anyone can create on a real chain to make one stored item of an indexed graph larger than a stored value
 * (1 MB): a token whose `symbol()` answers megabytes of control characters (JSON writes each as a 6-byte `\u0001`),
 * and a fee-100 V3 pool with tens of thousands of one-tick positions.
 */
import type { Address } from "viem";
import type { IndexedToken, V3Pool } from "@sluice/core";
import { makeV3Pool } from "../pools/v3Fixtures.js";

export type OversizedGraphItemsParameters = {
  /** The junk token's address; the pool pairs it with `other`. */
  token: Address;
  other: Address;
  pool: Address;
  /** Characters of the symbol (default 2 MB). */
  symbolChars?: number;
  /** Initialized ticks of the pool (default 50,000). */
  ticks?: number;
  /** Liquidity of the first position (default 10^12; each next one 1 more): larger values, longer stored ticks. */
  liquidity?: bigint;
};

export function oversizedGraphItems(p: OversizedGraphItemsParameters): { token: IndexedToken; pool: V3Pool } {
  const token: IndexedToken = { address: p.token, symbol: "\u0001".repeat(p.symbolChars ?? 2 * 2 ** 20), decimals: 18, quality: null, lastTradeAt: null };
  // One-tick positions side by side: every tick initialized (a position's upper tick is the next one's lower only
  // every other tick, so positions are spaced by two).
  const positions = Array.from({ length: Math.ceil((p.ticks ?? 50_000) / 2) }, (_, i) => ({ tickLower: -50_000 + 2 * i, tickUpper: -50_000 + 2 * i + 1, liquidity: (p.liquidity ?? 10n ** 12n) + BigInt(i) }));
  const [token0, token1] = p.token < p.other ? [p.token, p.other] : [p.other, p.token];
  return { token, pool: makeV3Pool({ address: p.pool, token0, token1, fee: 100, tickSpacing: 1, sqrtPriceX96: 2n ** 96n, positions }) };
}
