import type { Address } from "viem";
import { chains, type ChainName } from "../chains/chains.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import { otherToken, type Pool } from "../pools/types.js";
import type { Ratio } from "./decimalFraction.js";
import { isThinPool } from "./isThinPool.js";
import { nearPriceReserve } from "./nearPriceReserve.js";

type Priced = { usdPerRaw: Ratio; depth: number };

/**
 * The chain's USD stablecoins (curated, `usdStable`), lower-cased, with their decimals; and its other curated tokens
 * (its hubs: WETH, WBTC, WPOL…). Both come from the static chain registry: built once per chain, not on every quote.
 */
const curatedByChain = new Map<ChainName, { stables: Map<Address, number>; hubs: Map<Address, true> }>();
function curated(chain: ChainName) {
  let sets = curatedByChain.get(chain);
  if (!sets) {
    const tokens = chains[chain].curatedTokens;
    sets = {
      stables: new Map(tokens.filter((t) => t.usdStable).map((t) => [t.address.toLowerCase() as Address, t.decimals])),
      hubs: new Map(tokens.filter((t) => !t.usdStable).map((t) => [t.address.toLowerCase() as Address, true as const])),
    };
    curatedByChain.set(chain, sets);
  }
  return sets;
}
const stables = (chain: ChainName): Map<Address, number> => curated(chain).stables;

/** The chain's curated tokens other than its stablecoins (its hubs), lower-cased. */
export function curatedHubs(chain: ChainName): ReadonlyMap<Address, true> {
  return curated(chain).hubs;
}

/**
 * Which of a token's pools pair it with a stablecoin, per `poolsByToken` array (the graph rebuilds the arrays when
 * its pools change, so an entry never outlives what it describes). A hub such as WETH has tens of thousands of pools
 * and only a handful against stablecoins: finding those once, not on every quote, keeps pricing a quote to the few
 * pools that matter. Only which pools pair with whom is kept; their state is read afresh every time.
 */
type Pairs = WeakMap<readonly Address[], { length: number; pairs: { pool: Address; stable: Address }[] }>;
const stablePairsOf: Pairs = new WeakMap();
/** The same for a hub's pools with the chain's other hubs (`stable` then names the other hub). */
const hubPairsOf: Pairs = new WeakMap();

function stablePairs(graph: ChainGraph, token: Address, usd: ReadonlyMap<Address, unknown>, cache: Pairs = stablePairsOf): { pool: Address; stable: Address }[] {
  const list = graph.poolsByToken.get(token);
  if (!list) return [];
  const known = cache.get(list);
  if (known && known.length === list.length) return known.pairs;
  const pairs: { pool: Address; stable: Address }[] = [];
  for (const address of list) {
    const pool = graph.pools.get(address);
    if (!pool) continue;
    const other = otherToken(pool, token);
    if (usd.has(other)) pairs.push({ pool: address, stable: other });
  }
  cache.set(list, { length: list.length, pairs });
  return pairs;
}

/**
 * USD per raw unit of `token` through the graph: 1 per whole unit for a USD stablecoin; else the mid price (fee
 * excluded, exact fraction) of the deepest pool pairing it with a stablecoin, or with a token so priced (two pools
 * at most), dust pools left out. "Deepest" ranks pools by the USD worth of what they really pay out within about 2 %
 * of their price (`nearPriceReserve`; a float for the choice only, the value itself is exact): a pool created at a wrong
 * price with a few thousand dollars in one tick, or with money parked far from its price, does not outrank the market.
 * A hub (a curated token other than a stablecoin) priced that way is also priced through its pools with the other
 * hubs, themselves priced by their stablecoin pools, and the deeper way wins: where a hub's own stablecoin pools are
 * thin (WBTC on some chains), a deep WBTC/WETH pool prices it, so moving its price (what every swap of it is credited
 * at) costs what both markets hold near their prices. Undefined when the token has no such path.
 */
export function usdPerRawUnit(graph: ChainGraph, token: Address): Ratio | undefined {
  const usd = stables(graph.chain);
  const direct = (t: Address): Priced | undefined => {
    const d = usd.get(t);
    if (d !== undefined) return { usdPerRaw: { numerator: 1n, denominator: 10n ** BigInt(d) }, depth: Infinity };
    let best: Priced | undefined;
    for (const { pool: address, stable } of stablePairs(graph, t, usd)) {
      const pool = graph.pools.get(address);
      if (!pool) continue;
      const od = usd.get(stable)!;
      const candidate = through(pool, t, { usdPerRaw: { numerator: 1n, denominator: 10n ** BigInt(od) }, depth: Infinity });
      if (candidate && (!best || candidate.depth > best.depth)) best = candidate;
    }
    return best;
  };
  const first = direct(token);
  const hubs = curatedHubs(graph.chain);
  if (first && hubs.has(token)) {
    let best = first;
    for (const { pool: address, stable: hub } of stablePairs(graph, token, hubs, hubPairsOf)) {
      const pool = graph.pools.get(address);
      const p = pool && direct(hub);
      const candidate = p && through(pool, token, p);
      if (candidate && candidate.depth > best.depth) best = candidate;
    }
    return best.usdPerRaw;
  }
  if (first) return first.usdPerRaw;
  let best: Priced | undefined;
  const priced = new Map<Address, Priced | undefined>();
  for (const address of graph.poolsByToken.get(token) ?? []) {
    const pool = graph.pools.get(address)!;
    const other = otherToken(pool, token);
    if (!priced.has(other)) priced.set(other, direct(other));
    const p = priced.get(other);
    const candidate = p && through(pool, token, p);
    if (candidate && (!best || candidate.depth > best.depth)) best = candidate;
  }
  return best?.usdPerRaw;
}

/**
 * `token` priced through `pool` against its other token, whose USD price is known; never through a dust pool (one that
 * can pay out little of the priced token, `isThinPool`) nor one that pays nothing near its price: neither price is a
 * market.
 */
function through(pool: Pool, token: Address, other: Priced): Priced | undefined {
  const mid = pool.midPrice(token); // other raw per token raw
  if (mid.numerator === 0n || mid.denominator === 0n) return undefined;
  if (isThinPool(pool, otherToken(pool, token), other.usdPerRaw)) return undefined;
  const near = nearPriceReserve(pool, token);
  if (near === 0n) return undefined;
  const depthUsd = Number(near) * (Number(other.usdPerRaw.numerator) / Number(other.usdPerRaw.denominator));
  return {
    usdPerRaw: { numerator: mid.numerator * other.usdPerRaw.numerator, denominator: mid.denominator * other.usdPerRaw.denominator },
    depth: Math.min(depthUsd, other.depth),
  };
}

/** The USD value of `amount` raw units of `token` (exact), or undefined when the graph cannot price it. */
export function valueInUsd(graph: ChainGraph, token: Address, amount: bigint): Ratio | undefined {
  const price = usdPerRawUnit(graph, token);
  return price && { numerator: amount * price.numerator, denominator: price.denominator };
}
