import type { Address } from "viem";
import { chains, type ChainName } from "../chains/chains.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import { MAX_TRADE_AGE_SECONDS, REQUIRED_QUALITY } from "../tokens/tokenListTypes.js";

/**
 * Whether a token passes the token-list rules on its own (interface §4): one of the chain's curated tokens, or an
 * indexed token of quality 100 that traded within 3 days of the graph's block. Symbols resolve only to such tokens,
 * and only such tokens may be an intermediate hop; another token can still be quoted by explicit address, and the
 * answer says it is not listed. `quality`: the token's score when newer than the graph's (read from the quality source).
 */
export function isListedToken(graph: ChainGraph, chain: ChainName, address: Address, quality?: number): boolean {
  const lower = address.toLowerCase();
  if (chains[chain].curatedTokens.some((t) => t.address.toLowerCase() === lower)) return true;
  const token = graph.tokens.get(lower as Address);
  if (!token || (quality ?? token.quality) !== REQUIRED_QUALITY || token.lastTradeAt === null) return false;
  return graph.blockTimestamp - token.lastTradeAt <= MAX_TRADE_AGE_SECONDS;
}
