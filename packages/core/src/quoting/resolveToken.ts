import { isAddress, type Address } from "viem";
import { chains, type ChainName } from "../chains/chains.js";
import { wrappedNativeToken } from "../chains/wrappedNativeToken.js";
import { SluiceError } from "../errors/SluiceError.js";
import { isListedToken } from "./isListedToken.js";
import { outranksForSymbol, type SymbolCandidate } from "../tokens/outranksForSymbol.js";
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
 * One canonical token per symbol, the one /tokens would list under it: the chain's curated token of that symbol (exact
 * case, else any case), else among the graph's tokens of that symbol in any case, in quotable pools and not curated
 * under another symbol (as /tokens sees them), the first by /tokens' own order (`outranksForSymbol`: quality, pools,
 * address). The caller then requires it to be listed: a listed look-alike never takes the symbol of a better-ranked
 * token /tokens excludes, and an unlisted one never shadows the listed token /tokens advertises.
 */
export function canonicalTokenBySymbol(graph: ChainGraph, chain: ChainName, symbol: string): IndexedToken | Omit<ResolvedToken, "listed"> | undefined {
  const lowerSymbol = symbol.toLowerCase();
  const curated = chains[chain].curatedTokens;
  const c = curated.find((t) => t.symbol === symbol) ?? curated.find((t) => t.symbol.toLowerCase() === lowerSymbol);
  if (c) {
    const address = c.address.toLowerCase() as Address;
    return graph.tokens.get(address) ?? { address, symbol: c.symbol, decimals: c.decimals };
  }
  const curatedAddresses = new Set(curated.map((t) => t.address.toLowerCase()));
  let best: { token: IndexedToken; candidate: SymbolCandidate } | undefined;
  for (const token of graph.tokens.values()) {
    if (token.symbol.toLowerCase() !== lowerSymbol || curatedAddresses.has(token.address.toLowerCase())) continue;
    const poolCount = graph.poolsByToken.get(token.address)?.length ?? 0;
    if (poolCount === 0) continue; // not on /tokens' list of candidates (`listIndexedTokens`)
    const candidate = { curated: false, quality: token.quality, poolCount, address: token.address };
    if (!best || outranksForSymbol(candidate, best.candidate)) best = { token, candidate };
  }
  return best?.token;
}

/**
 * Resolves one side of a swap request. An explicit address (or a `token` that is an address) is honoured as given;
 * a symbol resolves through the chain's curated list first, then the indexed graph, and only to a listed token (an
 * unlisted one answers UNSUPPORTED_TOKEN naming the way to quote it by address). Explicit decimals are honoured,
 * but must agree with the token's own when the graph knows it (a mismatch would quote a wrong amount).
 */
export function resolveToken(graph: ChainGraph, chain: ChainName, spec: TokenSpec, field: "from" | "to"): ResolvedToken {
  refuseNativeCoin(chain, spec, field);
  let address: Address | undefined;
  if (spec.address !== undefined) {
    if (!isAddress(spec.address, { strict: false })) throw new SluiceError("MALFORMED_REQUEST", `${field}Address: must be a 0x-prefixed 20-byte address`);
    address = spec.address.toLowerCase() as Address;
    // Two different addresses for one side: neither can be taken as what the partner meant.
    if (/^0x/i.test(spec.token) && spec.token.toLowerCase() !== address) {
      throw new SluiceError("MALFORMED_REQUEST", `${field}: ${spec.token} is not ${field}Address ${spec.address}; name one token (or drop ${field}Address)`);
    }
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

/** The addresses wallets and aggregators use for a chain's native coin (EIP-7528's, and the zero address). */
const NATIVE_COIN_ADDRESSES = new Set(["0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee", "0x0000000000000000000000000000000000000000"]);

/**
 * The chain's native coin (ETH, POL) is not a token a Permit2 permit can move: refused by name, with the wrapped token
 * to use instead. Its symbol is reserved (a token calling itself "ETH" never resolves by that symbol; by address it is
 * quoted as any other), and its placeholder addresses would otherwise answer "no route", or "unknown token".
 */
function refuseNativeCoin(chain: ChainName, spec: TokenSpec, field: "from" | "to"): void {
  const { nativeSymbol } = chains[chain];
  const native = spec.address !== undefined
    ? NATIVE_COIN_ADDRESSES.has(spec.address.toLowerCase())
    : NATIVE_COIN_ADDRESSES.has(spec.token.toLowerCase()) || spec.token.toUpperCase() === nativeSymbol.toUpperCase() || (nativeSymbol === "POL" && spec.token.toUpperCase() === "MATIC");
  if (!native) return;
  const wrapped = wrappedNativeToken(chain);
  throw new SluiceError("UNSUPPORTED_TOKEN",
    `${field}: native ${nativeSymbol} cannot be swapped through Sluice (a Permit2 permit moves ERC-20 tokens only); use ${wrapped.symbol} (${wrapped.address}) on ${chain}`);
}
