import { getAddress, keccak256, stringToHex, type Address } from "viem";
import { chains, type ChainName } from "@sluice/core";
import type { ScenarioToken } from "./scenarioSchema.js";
import type { ResolvedToken } from "./resolvedTypes.js";
import { ScenarioError } from "./scenarioError.js";

/**
 * Where a token without an address lives: derived from the chain, the symbol and how many address-less tokens
 * before it share that symbol, so the same scenario always puts it at the same address.
 */
export function deterministicTokenAddress(chain: ChainName, symbol: string, occurrence: number): Address {
  return getAddress(`0x${keccak256(stringToHex(`sluice-devnet-token:${chain}:${symbol}:${occurrence}`)).slice(26)}`);
}

/**
 * Gives every token its address, name and kind. A curated token without an address takes its real address from
 * the chain registry; a token at a registry address must carry the registry's symbol and decimals.
 */
export function resolveTokens(chain: ChainName, tokens: readonly ScenarioToken[], fieldPrefix: string): ResolvedToken[] {
  const registry = chains[chain].curatedTokens;
  const occurrences = new Map<string, number>();
  const seen = new Map<string, string>();
  return tokens.map((token, index) => {
    const field = `${fieldPrefix}[${index}]`;
    let address: Address;
    if (token.address) address = getAddress(token.address);
    else {
      const known = token.curated ? registry.find((t) => t.symbol === token.symbol) : undefined;
      if (known) address = known.address;
      else {
        const occurrence = occurrences.get(token.symbol) ?? 0;
        occurrences.set(token.symbol, occurrence + 1);
        address = deterministicTokenAddress(chain, token.symbol, occurrence);
      }
    }
    const earlier = seen.get(address.toLowerCase());
    if (earlier) throw new ScenarioError(`${field}.address`, `${address} is already used by ${earlier}`);
    seen.set(address.toLowerCase(), field);

    const known = registry.find((t) => t.address.toLowerCase() === address.toLowerCase());
    if (known && known.symbol !== token.symbol) {
      throw new ScenarioError(`${field}.symbol`, `${address} is ${known.symbol} on ${chain}, not ${token.symbol}`);
    }
    if (known && (token.behaviour ?? "standard") !== "standard") {
      throw new ScenarioError(`${field}.behaviour`, `${known.symbol} is a registry token on ${chain}; only other tokens may be non-standard`);
    }
    if (known && known.decimals !== token.decimals) {
      throw new ScenarioError(`${field}.decimals`, `${known.symbol} has ${known.decimals} decimals on ${chain}`);
    }
    return {
      symbol: token.symbol,
      name: known?.name ?? token.symbol,
      decimals: token.decimals,
      address,
      curated: token.curated,
      quality: token.quality,
      lastTradedDaysAgo: token.lastTradedDaysAgo,
      kind: known?.wrappedNative ? "weth9" : "erc20",
      behaviour: token.behaviour ?? "standard",
    } satisfies ResolvedToken;
  });
}

/** The chain's wrapped native token as the registry describes it (used when the scenario does not list it). */
export function registryWrappedNative(chain: ChainName): ResolvedToken {
  const known = chains[chain].curatedTokens.find((t) => t.wrappedNative);
  if (!known) throw new Error(`the registry has no wrapped native token for ${chain}`);
  return {
    symbol: known.symbol,
    name: known.name,
    decimals: known.decimals,
    address: known.address,
    curated: true,
    quality: 100,
    lastTradedDaysAgo: 0,
    kind: "weth9",
    behaviour: "standard",
  };
}

/** Finds a token by symbol, or by address when the reference is one; a symbol two tokens share must be an address. */
export function tokenLookup(tokens: readonly ResolvedToken[]) {
  const byAddress = new Map(tokens.map((t) => [t.address.toLowerCase(), t]));
  const bySymbol = new Map<string, ResolvedToken[]>();
  for (const token of tokens) bySymbol.set(token.symbol, [...(bySymbol.get(token.symbol) ?? []), token]);
  return (reference: string, field: string): ResolvedToken => {
    if (/^0x[0-9a-fA-F]{40}$/.test(reference)) {
      const token = byAddress.get(reference.toLowerCase());
      if (!token) throw new ScenarioError(field, `no token of this chain is at ${reference}`);
      return token;
    }
    const matches = bySymbol.get(reference) ?? [];
    if (matches.length === 0) throw new ScenarioError(field, `unknown token "${reference}"; list it in tokens first`);
    if (matches.length > 1) {
      throw new ScenarioError(field, `${matches.length} tokens share the symbol "${reference}"; name the token by address`);
    }
    return matches[0]!;
  };
}
