import type { Address } from "viem";
import type { IndexedPool } from "../indexer/graphTypes.js";
import type { ReferencePrice } from "./referenceUsdPrices.js";

/**
 * A pool's liquidity in USD at reference prices (float): the worth of both sides of its virtual reserves (V2: the
 * reserves; V3: the in-range liquidity). Each side counts at most the depth of its token's price (the USD behind the
 * pools that price it), so a token priced by a one-dollar pool cannot make a pool of it look deep. A side whose token
 * has no reference price counts as much as the other side; undefined when neither token is priced.
 */
export function poolLiquidityUsd(pool: IndexedPool, prices: ReadonlyMap<Address, ReferencePrice>): number | undefined {
  const p0 = prices.get(pool.token0);
  const p1 = prices.get(pool.token1);
  if (p0 === undefined && p1 === undefined) return undefined;
  const { reserveIn: reserve0, reserveOut: reserve1 } = pool.virtualReserves(pool.token0);
  const side0 = p0 === undefined ? undefined : Math.min(reserve0 * p0.usdPerRaw, p0.depth);
  const side1 = p1 === undefined ? undefined : Math.min(reserve1 * p1.usdPerRaw, p1.depth);
  const usd = (side0 ?? side1!) + (side1 ?? side0!);
  return Number.isFinite(usd) ? usd : undefined;
}
