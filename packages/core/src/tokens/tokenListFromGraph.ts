import type { ChainGraph } from "../indexer/graphTypes.js";
import { listIndexedTokens } from "../indexer/listIndexedTokens.js";
import type { TokenQualitySource } from "../indexer/tokenQuality.js";
import { selectListedTokens } from "./selectListedTokens.js";
import type { TokenList } from "./tokenListTypes.js";
import type { Redis } from "../redis/createRedis.js";
import { isRoutableTokenPredicate } from "./behaviour/isRoutableTokenPredicate.js";
import { refreshTokenBehaviours } from "./behaviour/refreshTokenBehaviours.js";
import type { PublicClient } from "viem";

/**
 * The chain's full list from its indexed graph, with quality scores from the configured source. With `behaviour`,
 * the tokens that would be listed and are unchecked or due are simulated first (`refreshTokenBehaviours`, bounded),
 * and a token that does not transfer normally, or is still unchecked (unless curated), is left out
 * (`isRoutableTokenPredicate`): /tokens lists only what /route will route.
 */
export async function tokenListFromGraph(graph: ChainGraph, quality: TokenQualitySource, now = Date.now(),
  behaviour?: { redis: Redis; client: PublicClient }): Promise<TokenList> {
  const tokens = listIndexedTokens(graph);
  const scores = await quality(graph.chain, tokens.map((t) => t.address));
  // The scores just read decide what is probed, so a token an operator has just raised is checked and listed at once.
  const isRoutable = behaviour
    ? isRoutableTokenPredicate(graph.chain, (await refreshTokenBehaviours({ ...behaviour, graph, nowMs: now, quality: scores })).behaviours)
    : undefined;
  return {
    chain: graph.chain,
    source: "indexed",
    block: graph.block.toString(),
    computedAt: now,
    tokens: selectListedTokens({ chain: graph.chain, tokens, quality: scores, now: Math.floor(now / 1000), isRoutable }),
  };
}
