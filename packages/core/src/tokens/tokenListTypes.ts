import type { Address } from "viem";
import type { ChainName } from "../chains/chains.js";

/** The only upstream quality score served (interface §4, token list rule 2). */
export const REQUIRED_QUALITY = 100;
/** A token is listed only if it traded within this many seconds (interface §8: 3 days). */
export const MAX_TRADE_AGE_SECONDS = 3 * 86_400;
/** `limit` of GET /api/v1/tokens: default and maximum (interface §8). */
export const DEFAULT_TOKEN_LIMIT = 100;
export const MAX_TOKEN_LIMIT = 500;

/** One token of the list, as served (interface §2, Token) plus what the Token Lists format needs. */
export type ListedToken = {
  /** EIP-55 checksummed. */
  address: Address;
  symbol: string;
  /** The token's name: the registry's for curated tokens, else its symbol (the graph does not read `name()`). */
  name: string;
  decimals: number;
  quality: number;
  chain: ChainName;
  curated: boolean;
  /** Pools of the indexed graph holding the token (0 in the fallback list, which knows no pools). */
  poolCount: number;
};

/** Where a list came from: the solver's indexed graph, or the registry's static curated list. */
export type TokenListSource = "indexed" | "fallback";

/** Why the fallback list was served (for logs; not part of the response). */
export type FallbackReason = "chain-not-configured" | "rpc-unreachable" | "storage-unreachable" | "graph-unavailable";

/** A chain's full, ordered list before `search` and `limit` are applied. */
export type TokenList = {
  chain: ChainName;
  source: TokenListSource;
  /** The graph block the list was computed from (decimal string); null for the fallback. */
  block: string | null;
  /** When the list was computed (unix milliseconds). */
  computedAt: number;
  tokens: ListedToken[];
  reason?: FallbackReason;
};
