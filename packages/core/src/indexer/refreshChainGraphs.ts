import { redisKeys } from "../redis/redisKeys.js";
import { parseChainConfig } from "../chains/chainConfig.js";
import { chainNames, type ChainName } from "../chains/chains.js";
import type { Redis } from "../redis/createRedis.js";
import { releaseHeldKey } from "../redis/releaseHeldKey.js";
import { logEvent } from "../observability/logEvent.js";
import { refreshCachedTokenList } from "../tokens/refreshCachedTokenList.js";
import { chainIndexSourceFromEnv, type IndexerEnv } from "./chainIndexSourceFromEnv.js";
import type { GraphCache } from "./graphCache.js";
import { redisGraphStore } from "./graphStore.js";
import type { TokenQualitySource } from "./tokenQuality.js";
import { DEFAULT_INDEX_MAX_MS, DEFAULT_INDEX_MAX_SUBREQUESTS } from "./indexBudget.js";
import { redisIndexProgressStore } from "./indexProgressStore.js";
import { indexProgressSummary } from "./indexProgressSummary.js";
import { updateStoredGraph } from "./updateStoredGraph.js";

export type RefreshChainGraphsParameters = {
  env: IndexerEnv; redis: Redis; graphs: GraphCache;
  /** Token quality scores (`createTokenQualitySource`). */
  quality: TokenQualitySource;
  /** Where log lines go (default `logEvent`: the worker's structured log). */
  log?: typeof logEvent;
};

/**
 * How long one chain's indexing run holds its lock (a cron run never overlaps the next one on the same chain). A run
 * can outlive it (the operator's `pnpm admin index` rounds have a 60 s budget, and a slice or the token list may end
 * past any budget): the lock is then the next run's, so a run releases it only while it is still its own.
 */
const LOCK_SECONDS = 55;

/**
 * The swap worker's cron: moves every configured chain's index forward within the invocation's budget — a cold index
 * a few slices further, a ready graph up to the latest block — then recomputes the chain's cached token list. Chains are indexed independently; one
 * failing chain does not stop the others.
 */
export async function refreshChainGraphs({ env, redis, graphs, quality, log = logEvent }: RefreshChainGraphsParameters): Promise<void> {
  const configured = Object.keys(parseChainConfig(env.SLUICE_CHAINS)) as ChainName[];
  const indexed = chainNames.filter((chain) => configured.includes(chain));
  // The invocation's subrequests are shared by the chains (each chain's lock, token list and log lines aside).
  const budget = {
    maxSubrequests: Math.max(10, Math.floor((env.INDEX_MAX_SUBREQUESTS ?? DEFAULT_INDEX_MAX_SUBREQUESTS) / Math.max(1, indexed.length)) - 4),
    maxMs: env.INDEX_MAX_MS ?? DEFAULT_INDEX_MAX_MS,
  };
  await Promise.all(indexed.map(async (chain) => {
    const lock = redisKeys.graphLock(chain);
    const holder = crypto.randomUUID();
    if ((await redis.set(lock, holder, { nx: true, ex: LOCK_SECONDS })) !== "OK") return;
    try {
      const source = chainIndexSourceFromEnv(env, chain, redisGraphStore(redis), graphs, quality, redisIndexProgressStore(redis));
      const result = await updateStoredGraph({ ...source, budget });
      // The token list (GET /api/v1/tokens) follows the routable graph (what a quote can use): recomputed and cached
      // when the graph moved. Token behaviours (tokens/behaviour) are simulated here too, for the tokens the list
      // would carry.
      if (result.routable && result.advanced) {
        await refreshCachedTokenList(redis, result.routable, source.quality, Date.now(), source.client)
          .catch((error) => log("error", "token list refresh failed", { chain, error: String(error) }));
      }
      const summary = indexProgressSummary(chain, result.progress);
      log("info", "graph indexed", {
        chain, phase: summary.phase, percent: summary.percent, block: summary.block ?? "", slices: result.slices,
        ...(result.graph && { poolsHeld: result.graph.pools.size }), ...(result.routable && { poolsRoutable: result.routable.pools.size }),
        shardsWritten: result.shardsWritten,
      });
    } catch (error) {
      log("error", "graph indexing failed", { chain, error: String(error) });
    } finally {
      await releaseHeldKey(redis, lock, holder);
    }
  }));
}
