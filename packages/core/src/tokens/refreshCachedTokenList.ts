import type { PublicClient } from "viem";
import type { Redis } from "../redis/createRedis.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import type { TokenQualitySource } from "../indexer/tokenQuality.js";
import { tokenListFromGraph } from "./tokenListFromGraph.js";
import { readTokenQualityGeneration, writeCachedTokenList } from "./tokenListCache.js";
import type { TokenList } from "./tokenListTypes.js";

/**
 * Recomputes and caches a chain's token list from a graph just indexed (the swap worker's cron calls it after
 * each indexing run), so the first request after the graph moved is answered from the cache too. With `client`, the
 * tokens it would list are first checked for how they transfer (`refreshTokenBehaviours`, bounded per run).
 */
export async function refreshCachedTokenList(redis: Redis, graph: ChainGraph, quality: TokenQualitySource, now = Date.now(),
  client?: PublicClient): Promise<TokenList> {
  const generation = await readTokenQualityGeneration(redis, graph.chain);
  const list = await tokenListFromGraph(graph, quality, now, client ? { redis, client } : undefined);
  await writeCachedTokenList(redis, list, generation);
  return list;
}
