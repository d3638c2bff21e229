import type { Address } from "viem";
import type { IndexedPool } from "../indexer/graphTypes.js";
import { nearPriceReserve } from "../quoting/nearPriceReserve.js";
import type { ReferencePrice } from "./referenceUsdPrices.js";

/**
 * A pool's liquidity in USD at reference prices (float): the worth of both sides of its depth near its own price
 * (`nearPriceReserve`: what it pays out within about 2 % of its price, both ways, as a reserve; a V2 pair's reserves,
 * a V3 pool's virtual reserves when its liquidity spans that band). Not its virtual reserves: a V3 position one tick
 * wide has virtual reserves about 20,000 times what it holds, so a quarter of a dollar in one tick would clear a
 * $10,000 threshold, and anyone could fill every isolate's routable graph with such pools. Each side counts at most
 * the depth of its token's price (the USD behind the pools that price it), so a token priced by a one-dollar pool
 * cannot make a pool of it look deep. A side whose token has no reference price counts as much as the other side;
 * undefined when neither token is priced.
 */
export function poolLiquidityUsd(pool: IndexedPool, prices: ReadonlyMap<Address, ReferencePrice>): number | undefined {
  const p0 = prices.get(pool.token0);
  const p1 = prices.get(pool.token1);
  if (p0 === undefined && p1 === undefined) return undefined;
  // nearPriceReserve(pool, t) is a reserve of the token other than t.
  const side0 = p0 === undefined ? undefined : Math.min(Number(nearPriceReserve(pool, pool.token1)) * p0.usdPerRaw, p0.depth);
  const side1 = p1 === undefined ? undefined : Math.min(Number(nearPriceReserve(pool, pool.token0)) * p1.usdPerRaw, p1.depth);
  const usd = (side0 ?? side1!) + (side1 ?? side0!);
  return Number.isFinite(usd) ? usd : undefined;
}
