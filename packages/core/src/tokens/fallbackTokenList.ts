import { getAddress } from "viem";
import { chains, type ChainName } from "../chains/chains.js";
import { REQUIRED_QUALITY, type FallbackReason, type TokenList } from "./tokenListTypes.js";

/**
 * The static curated list of a chain from the registry (decisions §2.10: all four chains), served when the chain's
 * solver is unreachable. Registry order (wrapped native first, then stables, then wrapped bitcoin).
 */
export function fallbackTokenList(chain: ChainName, reason: FallbackReason, now = Date.now()): TokenList {
  return {
    chain,
    source: "fallback",
    block: null,
    computedAt: now,
    reason,
    tokens: chains[chain].curatedTokens.map((t) => ({
      address: getAddress(t.address), symbol: t.symbol, name: t.name, decimals: t.decimals, quality: REQUIRED_QUALITY,
      chain, curated: true, poolCount: 0,
    })),
  };
}
