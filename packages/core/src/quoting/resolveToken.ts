import { isAddress, type Address } from "viem";
import { chains, type ChainName } from "../chains/chains.js";
import { SluiceError } from "../errors/SluiceError.js";
import { isListedToken } from "./isListedToken.js";
import type { ChainGraph, IndexedToken } from "../indexer/graphTypes.js";

/** How a request names one side of a swap: a symbol or an address, optionally with explicit address and decimals. */
export type TokenSpec = {
  /** Symbol or address (`from` / `to`). */
  token: string;
  /** `fromAddress` / `toAddress`: wins over `token`. */
  address?: string;
  /** `fromDecimals` / `toDecimals`. */
  decimals?: number;
};

export type ResolvedToken = {
  address: Address;
  symbol: string;
  decimals: number;
  /** Whether the token passes the token-list rules (`isListedToken`); an unlisted one is quoted only by address. */
  listed: boolean;
};

/**
 * One canonical token per symbol: the chain's curated token of that symbol (exact case, else any case), else among the
 * graph's tokens of that symbol in any case: a listed one (`isListedToken`) first, then the best quality score, then
 * the exact case, then the most pools (then the lowest address, so the choice is stable). Listing before case: /tokens
 * treats symbols case-insensitively, so an unlisted look-alike `link` must not shadow the listed `LINK` it advertises
 * (the symbol would answer UNSUPPORTED_TOKEN, or name another token than the list does).
 */
export function canonicalTokenBySymbol(graph: ChainGraph, chain: ChainName, symbol: string): IndexedToken | Omit<ResolvedToken, "listed"> | undefined {
  const lowerSymbol = symbol.toLowerCase();
  const curated = chains[chain].curatedTokens;
  const c = curated.find((t) => t.symbol === symbol) ?? curated.find((t) => t.symbol.toLowerCase() === lowerSymbol);
  if (c) {
    const address = c.address.toLowerCase() as Address;
    return graph.tokens.get(address) ?? { address, symbol: c.symbol, decimals: c.decimals };
  }
  let best: IndexedToken | undefined;
  let bestRank: number[] = [];
  for (const t of graph.tokens.values()) {
    if (t.symbol.toLowerCase() !== lowerSymbol) continue;
    const rank = [isListedToken(graph, chain, t.address) ? 1 : 0, t.quality ?? -1, t.symbol === symbol ? 1 : 0, graph.poolsByToken.get(t.address)?.length ?? 0];
    const order = compareRanks(rank, bestRank);
    if (!best || order > 0 || (order === 0 && t.address < best.address)) {
      best = t;
      bestRank = rank;
    }
  }
  return best;
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > (b[i] ?? -Infinity) ? 1 : -1;
  return 0;
}

/**
 * Resolves one side of a swap request. An explicit address (or a `token` that is an address) is honoured as given;
 * a symbol resolves through the chain's curated list first, then the indexed graph, and only to a listed token (an
 * unlisted one answers UNSUPPORTED_TOKEN naming the way to quote it by address). Explicit decimals are honoured,
 * but must agree with the token's own when the graph knows it (a mismatch would quote a wrong amount).
 */
export function resolveToken(graph: ChainGraph, chain: ChainName, spec: TokenSpec, field: "from" | "to"): ResolvedToken {
  let address: Address | undefined;
  if (spec.address !== undefined) {
    if (!isAddress(spec.address, { strict: false })) throw new SluiceError("MALFORMED_REQUEST", `${field}Address: must be a 0x-prefixed 20-byte address`);
    address = spec.address.toLowerCase() as Address;
  } else if (/^0x/i.test(spec.token)) {
    if (!isAddress(spec.token, { strict: false })) throw new SluiceError("MALFORMED_REQUEST", `${field}: "${spec.token}" is not a valid address`);
    address = spec.token.toLowerCase() as Address;
  }
  const known = address ? graph.tokens.get(address) : canonicalTokenBySymbol(graph, chain, spec.token);
  if (!known) {
    if (address && spec.decimals !== undefined) {
      // Outside the graph, so not listed — unless it is one of the chain's curated tokens.
      return { address, symbol: /^0x/i.test(spec.token) ? shortAddress(address) : spec.token, decimals: spec.decimals, listed: isListedToken(graph, chain, address) };
    }
    const hint = address ? `pass ${field}Decimals to quote a token outside the indexed graph` : `pass ${field}Address and ${field}Decimals`;
    throw new SluiceError("UNSUPPORTED_TOKEN", `${field}: unknown token ${spec.token} on ${chain}; ${hint}`);
  }
  if (spec.decimals !== undefined && spec.decimals !== known.decimals) {
    throw new SluiceError("MALFORMED_REQUEST", `${field}Decimals: ${spec.decimals} does not match ${known.symbol}'s ${known.decimals} decimals`);
  }
  const resolved = known.address.toLowerCase() as Address;
  const listed = isListedToken(graph, chain, resolved);
  if (!address && !listed) {
    throw new SluiceError("UNSUPPORTED_TOKEN",
      `${field}: ${spec.token} is not a listed token on ${chain} (listed tokens have quality 100 and traded within 3 days); pass ${field}Address to quote this token anyway`);
  }
  return { address: resolved, symbol: known.symbol, decimals: known.decimals, listed };
}

function shortAddress(address: Address): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
