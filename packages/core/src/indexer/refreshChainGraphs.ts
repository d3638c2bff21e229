import { redisKeys } from "../redis/redisKeys.js";
import { parseChainConfig } from "../chains/chainConfig.js";
import { chainNames, type ChainName } from "../chains/chains.js";
import type { Redis } from "../redis/createRedis.js";
import { logEvent } from "../observability/logEvent.js";
import { refreshCachedTokenList } from "../tokens/refreshCachedTokenList.js";
import { chainIndexSourceFromEnv, type IndexerEnv } from "./chainIndexSourceFromEnv.js";
import type { GraphCache } from "./graphCache.js";
import { redisGraphStore } from "./graphStore.js";
import { updateStoredGraph } from "./updateStoredGraph.js";

export type RefreshChainGraphsParameters = { env: IndexerEnv; redis: Redis; graphs: GraphCache };

/** How long one chain's indexing run holds its lock (a cron run never overlaps the next one on the same chain). */
const LOCK_SECONDS = 55;

/**
 * The swap worker's cron: brings every configured chain's pool graph up to the latest block (incrementally) so quotes
 * start from a recent graph, then recomputes the chain's cached token list. Chains are indexed independently; one
 * failing chain does not stop the others.
 */
export async function refreshChainGraphs({ env, redis, graphs }: RefreshChainGraphsParameters): Promise<void> {
  const configured = Object.keys(parseChainConfig(env.SLUICE_CHAINS)) as ChainName[];
  await Promise.all(chainNames.filter((chain) => configured.includes(chain)).map(async (chain) => {
    const lock = redisKeys.graphLock(chain);
    if ((await redis.set(lock, "1", { nx: true, ex: LOCK_SECONDS })) !== "OK") return;
    try {
      const source = chainIndexSourceFromEnv(env, chain, redisGraphStore(redis), graphs);
      const result = await updateStoredGraph(source);
      // The token list (GET /api/v1/tokens) follows the graph: recomputed and cached for the new block.
      await refreshCachedTokenList(redis, result.graph, source.quality)
        .catch((error) => logEvent("error", "token list refresh failed", { chain, error: String(error) }));
      logEvent("info", "graph indexed", {
        chain, fromBlock: String(result.fromBlock), toBlock: String(result.toBlock), logs: result.logs, poolsRead: result.poolsRead,
      });
    } catch (error) {
      logEvent("error", "graph indexing failed", { chain, error: String(error) });
    } finally {
      await redis.del(lock).catch(() => {});
    }
  }));
}
