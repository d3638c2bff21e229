import type { Address } from "viem";
import type { ChainGraph } from "./graphTypes.js";

export type IndexedTokenSummary = {
  address: Address;
  symbol: string;
  decimals: number;
  /** Upstream quality score, null when the source does not know the token. */
  quality: number | null;
  /** Pools of the graph that hold the token (quotable pools only). */
  poolCount: number;
  /** Unix seconds of the token's latest trade in an indexed pool, null when never traded. */
  lastTradeAt: number | null;
};

/**
 * The tokens of a chain's indexed graph with their metadata, pool count and latest trade — the read API the token
 * list builds on (it applies its own quality, recency and ordering rules). Tokens in no quotable pool are left out.
 */
export function listIndexedTokens(graph: ChainGraph): IndexedTokenSummary[] {
  const out: IndexedTokenSummary[] = [];
  for (const token of graph.tokens.values()) {
    const poolCount = graph.poolsByToken.get(token.address)?.length ?? 0;
    if (poolCount === 0) continue;
    out.push({ address: token.address, symbol: token.symbol, decimals: token.decimals, quality: token.quality, poolCount, lastTradeAt: token.lastTradeAt });
  }
  return out;
}
