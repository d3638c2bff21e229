import type { Address } from "viem";
import type { ChainGraph } from "../indexer/graphTypes.js";
import { allTokensRoutable, type RoutableTokenPredicate } from "./isRoutableToken.js";
import { poolLiquidityUsd } from "./poolLiquidityUsd.js";
import { referenceUsdPrices, type ReferencePrice } from "./referenceUsdPrices.js";

export type RoutablePoolsParameters = {
  graph: ChainGraph;
  /** The chain's threshold (`routableLiquidityUsd`): a pool holding less (USD, reference prices) is not routable; 0: no threshold. */
  minLiquidityUsd: number;
  /** Both tokens must pass it (default: every token does). */
  isRoutableToken?: RoutableTokenPredicate;
  /** The reference prices to value pools at (default: computed now, `referenceUsdPrices`, one pass over every pool). */
  prices?: ReadonlyMap<Address, ReferencePrice>;
  /**
   * Re-evaluate only `pools` (those an indexing pass changed); every other pool keeps its standing in `previous`.
   * When none of them changes standing, the answer is `previous` itself; else a new set (`previous` is never changed).
   */
  incremental?: { previous: ReadonlySet<Address>; pools: Iterable<Address> };
};

/**
 * The routable universe of an indexed graph: the pools whose liquidity in USD at reference prices
 * (`referenceUsdPrices`) is at least the threshold and whose two tokens pass `isRoutableToken`. A pool neither of
 * whose tokens can be priced is routable only when there is no threshold.
 */
export function routablePools(p: RoutablePoolsParameters): ReadonlySet<Address> {
  const { graph, minLiquidityUsd, isRoutableToken = allTokensRoutable } = p;
  const prices = minLiquidityUsd > 0 ? (p.prices ?? referenceUsdPrices({ graph })) : undefined;
  const passes = new Map<Address, boolean>();
  const tokenPasses = (address: Address) => {
    let ok = passes.get(address);
    if (ok === undefined) {
      const token = graph.tokens.get(address);
      passes.set(address, (ok = token !== undefined && isRoutableToken(token, graph.chain)));
    }
    return ok;
  };
  // Never throws: a pool whose math fails is not routable, and the rest of the chain is judged as usual (a throw here
  // would abort the indexing pass at that block on every retry).
  const isRoutable = (address: Address) => {
    try {
      const pool = graph.pools.get(address);
      if (!pool || !tokenPasses(pool.token0) || !tokenPasses(pool.token1)) return false;
      return !prices || (poolLiquidityUsd(pool, prices) ?? 0) >= minLiquidityUsd;
    } catch {
      return false;
    }
  };
  if (p.incremental) {
    const { previous } = p.incremental;
    const standing = new Map<Address, boolean>();
    for (const address of p.incremental.pools) {
      const routable = isRoutable(address);
      if (routable !== previous.has(address)) standing.set(address, routable);
    }
    // Most blocks move no pool across the threshold: the previous set serves as it is (no copy of a large set).
    if (standing.size === 0) return previous;
    const routable = new Set(previous);
    for (const [address, ok] of standing) {
      if (ok) routable.add(address);
      else routable.delete(address);
    }
    return routable;
  }
  const routable = new Set<Address>();
  for (const address of graph.pools.keys()) if (isRoutable(address)) routable.add(address);
  return routable;
}
