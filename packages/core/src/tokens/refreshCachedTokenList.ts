import type { Redis } from "../redis/createRedis.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import type { TokenQualitySource } from "../indexer/tokenQuality.js";
import { tokenListFromGraph } from "./tokenListFromGraph.js";
import { writeCachedTokenList } from "./tokenListCache.js";
import type { TokenList } from "./tokenListTypes.js";

/**
 * Recomputes and caches a chain's token list from a graph just indexed (the swap worker's cron calls it after
 * each indexing run), so the first request after the graph moved is answered from the cache too.
 */
export async function refreshCachedTokenList(redis: Redis, graph: ChainGraph, quality: TokenQualitySource, now = Date.now()): Promise<TokenList> {
  const list = await tokenListFromGraph(graph, quality, now);
  await writeCachedTokenList(redis, list);
  return list;
}
