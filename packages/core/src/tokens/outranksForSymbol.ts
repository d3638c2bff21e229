/** What the choice of one token per symbol weighs. */
export type SymbolCandidate = {
  /** One of the chain's curated (registry) tokens. */
  curated: boolean;
  quality: number | null;
  /** Quotable pools of the graph that hold the token. */
  poolCount: number;
  address: string;
};

/**
 * Whether `a` takes a symbol (case-insensitive) over `b`: curated, then the best quality, then the most pools, then the
 * lowest address. The one order of both /tokens (`selectListedTokens`) and /route's symbols (`canonicalTokenBySymbol`),
 * each then requiring the winner to be listed: were the orders two, a look-alike could be quoted under the symbol
 * of a token /tokens excludes, or /route name another token than the list does.
 */
export function outranksForSymbol(a: SymbolCandidate, b: SymbolCandidate): boolean {
  if (a.curated !== b.curated) return a.curated;
  const qa = a.quality ?? -1, qb = b.quality ?? -1;
  if (qa !== qb) return qa > qb;
  if (a.poolCount !== b.poolCount) return a.poolCount > b.poolCount;
  return a.address.toLowerCase() < b.address.toLowerCase();
}
