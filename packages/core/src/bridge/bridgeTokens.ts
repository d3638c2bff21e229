/**
 * The curated bridgeable set: the registry's curated tokens whose asset (symbol) also exists on another of the four
 * chains — a chain's wrapped native coin with no counterpart elsewhere (WPOL) is not bridgeable.
 */
import { getAddress, isAddress, type Address } from "viem";
import { chainById, chainNames, chains, type ChainId } from "../chains/chains.js";

export type BridgeToken = { chainId: ChainId; address: Address; symbol: string; name: string; decimals: number; usdStable: boolean };

export function bridgeTokens(chainId: number): BridgeToken[] {
  const chain = chainById(chainId);
  if (!chain) return [];
  return chain.curatedTokens
    .filter((token) => chainNames.some((other) => chains[other].id !== chain.id && chains[other].curatedTokens.some((t) => t.symbol === token.symbol)))
    .map((t) => ({ chainId: chain.id, address: getAddress(t.address), symbol: t.symbol, name: t.name, decimals: t.decimals, usdStable: t.usdStable ?? false }));
}

/** A bridgeable token by address (any case) or symbol (case-insensitive); undefined when it is not in the set. */
export function findBridgeToken(chainId: number, addressOrSymbol: string): BridgeToken | undefined {
  const tokens = bridgeTokens(chainId);
  if (isAddress(addressOrSymbol, { strict: false })) return tokens.find((t) => t.address.toLowerCase() === addressOrSymbol.toLowerCase());
  return tokens.find((t) => t.symbol.toLowerCase() === addressOrSymbol.toLowerCase());
}
