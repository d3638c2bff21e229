import type { ChainGraph } from "../indexer/graphTypes.js";
import { listIndexedTokens } from "../indexer/listIndexedTokens.js";
import type { TokenQualitySource } from "../indexer/tokenQuality.js";
import { selectListedTokens } from "./selectListedTokens.js";
import type { TokenList } from "./tokenListTypes.js";

/** The chain's full list from its indexed graph, with quality scores from the configured source. */
export async function tokenListFromGraph(graph: ChainGraph, quality: TokenQualitySource, now = Date.now()): Promise<TokenList> {
  const tokens = listIndexedTokens(graph);
  const scores = await quality(graph.chain, tokens.map((t) => t.address));
  return {
    chain: graph.chain,
    source: "indexed",
    block: graph.block.toString(),
    computedAt: now,
    tokens: selectListedTokens({ chain: graph.chain, tokens, quality: scores, now: Math.floor(now / 1000) }),
  };
}
