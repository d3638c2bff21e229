import { getAddress, type Address } from "viem";
import { chains, type ChainName } from "../chains/chains.js";
import type { IndexedTokenSummary } from "../indexer/listIndexedTokens.js";
import { outranksForSymbol } from "./outranksForSymbol.js";
import { MAX_TRADE_AGE_SECONDS, REQUIRED_QUALITY, type ListedToken } from "./tokenListTypes.js";

export type SelectListedTokensParameters = {
  chain: ChainName;
  /** The chain's indexed tokens (`listIndexedTokens(graph)`: only tokens in at least one quotable pool). */
  tokens: readonly IndexedTokenSummary[];
  /** Scores from the configured quality source; a token it does not know keeps the graph's score. */
  quality: ReadonlyMap<Address, number>;
  /** Unix seconds the trade recency is measured against. */
  now: number;
  /** Whether a token transfers normally (`isRoutableTokenPredicate`); one that does not is never listed. Default: all. */
  isRoutable?: (address: Address) => boolean;
};

type Candidate = IndexedTokenSummary & { curated: boolean; name: string };

/**
 * The token list rules (interface §4, token list), applied to a chain's indexed tokens:
 * 1. one canonical token per symbol (case-insensitive), chosen among every indexed token of that symbol the way
 *    `/route` resolves a symbol (`outranksForSymbol`): the chain's curated token; else the best quality score, then
 *    the most pools, then the lowest address. A symbol is listed only through its canonical token, so a look-alike
 *    never takes the symbol of a token that is excluded;
 * 2. the canonical token must be in the indexed graph (at least one pool), have quality exactly 100 and have traded
 *    within the last 3 days;
 * 3. order: curated first, then by number of pools (most first), then by symbol, then by address.
 */
export function selectListedTokens({ chain, tokens, quality, now, isRoutable }: SelectListedTokensParameters): ListedToken[] {
  const curated = new Map(chains[chain].curatedTokens.map((t) => [t.address.toLowerCase(), t]));
  const canonical = new Map<string, Candidate>();
  for (const token of tokens) {
    const registry = curated.get(token.address.toLowerCase());
    const candidate: Candidate = {
      ...token,
      symbol: registry?.symbol ?? token.symbol,
      name: registry?.name ?? token.symbol,
      quality: quality.get(token.address) ?? token.quality,
      curated: registry !== undefined,
    };
    const key = candidate.symbol.toLowerCase();
    const best = canonical.get(key);
    if (!best || outranksForSymbol(candidate, best)) canonical.set(key, candidate);
  }
  const listed: ListedToken[] = [];
  for (const t of canonical.values()) {
    if (t.poolCount < 1 || t.quality !== REQUIRED_QUALITY) continue;
    if (t.lastTradeAt === null || now - t.lastTradeAt > MAX_TRADE_AGE_SECONDS) continue;
    if (isRoutable && !isRoutable(t.address)) continue;
    listed.push({ address: getAddress(t.address), symbol: t.symbol, name: t.name, decimals: t.decimals, quality: t.quality,
      chain, curated: t.curated, poolCount: t.poolCount });
  }
  return listed.sort(compareListed);
}

/** The list order: curated first, then the most pools, then symbol and address (so equal pool counts stay stable). */
export function compareListed(a: ListedToken, b: ListedToken): number {
  if (a.curated !== b.curated) return a.curated ? -1 : 1;
  if (a.poolCount !== b.poolCount) return b.poolCount - a.poolCount;
  const sa = a.symbol.toLowerCase(), sb = b.symbol.toLowerCase();
  if (sa !== sb) return sa < sb ? -1 : 1;
  const aa = a.address.toLowerCase(), ab = b.address.toLowerCase();
  return aa < ab ? -1 : aa > ab ? 1 : 0;
}
