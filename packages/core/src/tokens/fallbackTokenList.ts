import { getAddress } from "viem";
import { raceDeadline } from "../async/raceDeadline.js";
import { chains, type ChainName } from "../chains/chains.js";
import type { TokenQualitySource } from "../indexer/tokenQuality.js";
import { REQUIRED_QUALITY, type FallbackReason, type TokenList } from "./tokenListTypes.js";

/** How long the fallback waits for the operator's scores before serving the registry's list as it is. */
const SCORES_WAIT_MS = 1_000;

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

/**
 * The fallback list without the curated tokens an operator has delisted (a quality score below 100 in the quality
 * source): a wallet importing the list while the chain's RPC is down must not get back a token the operator took off.
 * A source that does not answer within a second leaves the list as it is (the registry's).
 */
export async function withoutDelistedTokens(list: TokenList, quality: TokenQualitySource | undefined): Promise<TokenList> {
  if (!quality || list.tokens.length === 0) return list;
  const scores = await raceDeadline({ work: quality(list.chain, list.tokens.map((t) => t.address)).catch(() => undefined), ms: SCORES_WAIT_MS });
  if (!scores) return list;
  return { ...list, tokens: list.tokens.filter((t) => (scores.get(t.address) ?? REQUIRED_QUALITY) === REQUIRED_QUALITY) };
}
