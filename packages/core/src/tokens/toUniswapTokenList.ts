import { chains } from "../chains/chains.js";
import type { ListedToken, TokenList } from "./tokenListTypes.js";

/** The Uniswap Token Lists standard (`@uniswap/token-lists` schema), the subset Sluice fills. */
export type UniswapTokenList = {
  name: string;
  timestamp: string;
  version: { major: number; minor: number; patch: number };
  keywords: string[];
  tags: Record<string, { name: string; description: string }>;
  logoURI: string;
  tokens: {
    chainId: number;
    address: string;
    symbol: string;
    name: string;
    decimals: number;
    tags?: string[];
  }[];
};

const SYMBOL = /^\S{1,20}$/;
const NAME = /^[ \S]{1,60}$/;

/**
 * `tokens` (already searched and limited) of `list` in the Token Lists standard, so wallets can import the list.
 * `version.patch` is the graph block the list was computed from (it only grows, so wallets see every update);
 * the fallback list is version 0.0.0. `timestamp` is when the list was computed. A token whose on-chain symbol or
 * name the standard cannot carry (whitespace, over 20 / 60 characters) is left out of this format.
 */
export function toUniswapTokenList(list: TokenList, tokens: readonly ListedToken[]): UniswapTokenList {
  const facts = chains[list.chain];
  const block = list.block === null ? 0 : Number(list.block);
  return {
    name: `Sluice ${facts.displayName}`,
    timestamp: new Date(list.computedAt).toISOString(),
    version: list.source === "indexed" ? { major: 1, minor: 0, patch: Number.isSafeInteger(block) ? block : 0 } : { major: 0, minor: 0, patch: 0 },
    keywords: ["sluice", list.chain, list.source],
    tags: { curated: { name: "Curated", description: "A major asset: stablecoin, wrapped native coin or wrapped bitcoin" } },
    logoURI: facts.logoUrl,
    tokens: tokens
      .filter((t) => SYMBOL.test(t.symbol) && NAME.test(t.name))
      .map((t) => ({ chainId: facts.id, address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals, ...(t.curated ? { tags: ["curated"] } : {}) })),
  };
}
