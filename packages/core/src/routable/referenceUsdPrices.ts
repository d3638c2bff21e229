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
 * The band a reference price must fall in (USD per raw unit). Far wider than any real token: a $10^12 token with no
 * decimals, or one with 36 decimals worth 10^-24 dollars a whole unit, still fits. Outside it a price is no market but
 * a chain of pools at extreme ratios (each V2 pair multiplies a price by up to 2^112): ten such pairs drove a price to
 * Infinity, and turning it into a fraction (`ratioOf`) threw, aborting the whole indexing pass at that block, forever.
 * A token priced outside the band is unpriced, and so is everything priced only through it.
 */
export const MIN_USD_PER_RAW = 1e-60;
export const MAX_USD_PER_RAW = 1e12;

/**
 * `token` priced through `pool` against its other token, whose price is known; never through a dust pool (`isThinPool`)
 * nor one that pays nothing near its price: the rules the quoter's `usdPerRawUnit` applies, so both price alike. Never
 * a price outside the band above, nor a depth that is not a positive finite number. Never throws: one pool's math must
 * not abort pricing the whole chain (the indexing pass would fail at that block on every retry).
 */
function through(pool: IndexedPool, token: Address, other: ReferencePrice): ReferencePrice | undefined {
  try {
    const { reserveIn, reserveOut } = pool.virtualReserves(token);
    if (!(reserveIn > 0) || !(reserveOut > 0) || !Number.isFinite(reserveIn) || !Number.isFinite(reserveOut)) return undefined;
    const otherPrice = ratioOf(other.usdPerRaw);
    if (!otherPrice || isThinPool(pool, otherToken(pool, token), otherPrice)) return undefined;
    const near = nearPriceReserve(pool, token);
    if (near === 0n) return undefined;
    const depthUsd = Number(near) * other.usdPerRaw;
    const usdPerRaw = (reserveOut / reserveIn) * other.usdPerRaw;
    if (!(usdPerRaw >= MIN_USD_PER_RAW && usdPerRaw <= MAX_USD_PER_RAW)) return undefined; // also refuses NaN
    if (!(depthUsd > 0 && Number.isFinite(depthUsd))) return undefined;
    return { usdPerRaw, depth: Math.min(depthUsd, other.depth) };
  } catch {
    return undefined;
  }
}

/**
 * A positive finite float as an exact fraction with about 52 significant bits (enough for the dust threshold's
 * comparison); undefined for anything else (`BigInt` throws on Infinity and NaN, and a float below ~2^-971 overflows
 * `2 ** k` to Infinity).
 */
function ratioOf(x: number): Ratio | undefined {
  if (!(x > 0 && Number.isFinite(x))) return undefined;
  const k = Math.max(0, 52 - Math.floor(Math.log2(x)));
  const scaled = x * 2 ** k;
  if (!Number.isFinite(scaled)) return undefined;
  return { numerator: BigInt(Math.round(scaled)), denominator: 2n ** BigInt(k) };
}
