import type { Address } from "viem";
import { chains } from "../chains/chains.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import type { IndexedPool } from "../indexer/graphTypes.js";
import { otherToken } from "../pools/types.js";
import type { Ratio } from "../quoting/decimalFraction.js";
import { isThinPool } from "../quoting/isThinPool.js";
import { nearPriceReserve } from "../quoting/nearPriceReserve.js";
import { curatedHubs } from "../quoting/valueInUsd.js";

/** A token's reference price: USD per raw unit (float), and the depth (USD) of the weakest pool on its way to USD. */
export type ReferencePrice = { usdPerRaw: number; depth: number };

export type ReferenceUsdPricesParameters = {
  graph: ChainGraph;
  /** How many pools at most between a token and a USD stablecoin (default: unbounded). */
  maxHops?: number;
};

/**
 * Every token's reference USD price in one pass over the pools (float; for ranking and thresholds, never amounts):
 * the same rule as `usdPerRawUnit` (quoting/valueInUsd.ts) — a USD stablecoin is 1 per whole unit; else the mid price
 * of the deepest pool pairing it with a stablecoin; else of the deepest pool pairing it with a token so priced — and
 * then, level by level, further out (a token three hops from USD is priced through its deepest priced neighbour).
 * "Deepest" is the USD worth of what a pool really pays out within about 2 % of its price (`nearPriceReserve`, as the
 * quoter ranks), capped by the depth of that side's own path. A hub priced by its stablecoin pools is then also priced
 * through its pools with the other hubs so priced, the deeper way winning (as the quoter prices hubs); tokens priced
 * through a hub keep its stablecoin price, as in the quoter.
 */
export function referenceUsdPrices({ graph, maxHops = Infinity }: ReferenceUsdPricesParameters): Map<Address, ReferencePrice> {
  const prices = new Map<Address, ReferencePrice>();
  for (const t of chains[graph.chain].curatedTokens) {
    if (t.usdStable) prices.set(t.address.toLowerCase() as Address, { usdPerRaw: 1 / 10 ** t.decimals, depth: Infinity });
  }
  let frontier = [...prices.keys()];
  let direct = new Map<Address, ReferencePrice>();
  for (let hop = 1; hop <= maxHops && frontier.length > 0; hop++) {
    const found = new Map<Address, ReferencePrice>();
    for (const priced of frontier) {
      const known = prices.get(priced)!;
      for (const address of graph.poolsByToken.get(priced) ?? []) {
        const pool = graph.pools.get(address);
        if (!pool) continue;
        const token = pool.token0 === priced ? pool.token1 : pool.token0;
        if (prices.has(token)) continue;
        const candidate = through(pool, token, known);
        const best = found.get(token);
        if (candidate && (!best || candidate.depth > best.depth)) found.set(token, candidate);
      }
    }
    for (const [token, price] of found) prices.set(token, price);
    if (hop === 1) direct = found;
    frontier = [...found.keys()];
  }
  const hubs = curatedHubs(graph.chain);
  for (const hub of hubs.keys()) {
    const own = direct.get(hub);
    if (!own) continue;
    let best = own;
    for (const address of graph.poolsByToken.get(hub) ?? []) {
      const pool = graph.pools.get(address);
      const other = pool && otherToken(pool, hub);
      const p = other && hubs.has(other) ? direct.get(other) : undefined;
      const candidate = p && through(pool!, hub, p);
      if (candidate && candidate.depth > best.depth) best = candidate;
    }
    prices.set(hub, best);
  }
  return prices;
}

/**
 * `token` priced through `pool` against its other token, whose price is known; never through a dust pool (`isThinPool`)
 * nor one that pays nothing near its price: the rules the quoter's `usdPerRawUnit` applies, so both price alike.
 */
function through(pool: IndexedPool, token: Address, other: ReferencePrice): ReferencePrice | undefined {
  const { reserveIn, reserveOut } = pool.virtualReserves(token);
  if (!(reserveIn > 0) || !(reserveOut > 0) || !Number.isFinite(reserveIn) || !Number.isFinite(reserveOut)) return undefined;
  if (isThinPool(pool, otherToken(pool, token), ratioOf(other.usdPerRaw))) return undefined;
  const near = nearPriceReserve(pool, token);
  if (near === 0n) return undefined;
  const depthUsd = Number(near) * other.usdPerRaw;
  return { usdPerRaw: (reserveOut / reserveIn) * other.usdPerRaw, depth: Math.min(depthUsd, other.depth) };
}

/** A positive float as an exact fraction with about 52 significant bits (enough for the dust threshold's comparison). */
function ratioOf(x: number): Ratio {
  const k = Math.max(0, 52 - Math.floor(Math.log2(x)));
  return { numerator: BigInt(Math.round(x * 2 ** k)), denominator: 2n ** BigInt(k) };
}
