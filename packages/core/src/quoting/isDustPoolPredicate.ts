import type { Address } from "viem";
import { chains } from "../chains/chains.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import type { Pool } from "../pools/types.js";
import { usdPerRawUnit } from "./valueInUsd.js";
import { isThinPool, MIN_POOL_PAYOUT_USD } from "./isThinPool.js";


/**
 * Whether a pool is dust (`isThinPool`): it can pay out less than `MIN_POOL_PAYOUT_USD` of its USD stablecoin if it has
 * one, else of a token priced at the chain's reference prices (`usdPerRawUnit`, which itself never prices through
 * dust). Such a
 * pool's price is no market (a few dollars move it; thousands of them on mainnet quote wrong prices), a route through
 * it gains the user next to nothing for an extra hop's gas and risk, and it is the cheapest bait to move between
 * quote and execution. A pool with neither token priced is not judged dust (no evidence). Verdicts and prices are
 * memoised per predicate: build one per quote.
 */
export function isDustPoolPredicate(graph: ChainGraph, minUsd = MIN_POOL_PAYOUT_USD): (pool: Pool) => boolean {
  const prices = new Map<Address, ReturnType<typeof usdPerRawUnit>>();
  const price = (token: Address) => {
    if (!prices.has(token)) prices.set(token, usdPerRawUnit(graph, token));
    return prices.get(token);
  };
  const verdicts = new Map<Address, boolean>();
  const stables = new Set(chains[graph.chain].curatedTokens.filter((t) => t.usdStable).map((t) => t.address.toLowerCase() as Address));
  return (pool) => {
    let dust = verdicts.get(pool.address);
    if (dust === undefined) {
      dust = judge(pool, price, stables, minUsd);
      verdicts.set(pool.address, dust);
    }
    return dust;
  };
}

function judge(pool: Pool, price: (token: Address) => ReturnType<typeof usdPerRawUnit>, stables: ReadonlySet<Address>, minUsd: number): boolean {
  // A USD stablecoin side is valued exactly; another token's reference price is the next best.
  const token = [pool.token0, pool.token1].find((t) => stables.has(t)) ?? [pool.token0, pool.token1].find((t) => price(t));
  return token ? isThinPool(pool, token, price(token)!, minUsd) : false;
}
