import { createRedis, readWorkerConfig, refreshChainGraphs, type IsolateCaches } from "@sluice/core";
import { swapConfigSchema, type SwapBindings } from "./env.js";

/** The cron (wrangler.toml `[triggers]`): keeps every chain's indexed pool graph, and its token list, current. */
export function createScheduled(caches: IsolateCaches): ExportedHandlerScheduledHandler<SwapBindings> {
  return (_controller, env, ctx) => {
    const config = readWorkerConfig(swapConfigSchema, env);
    const redis = createRedis({ url: config.REDIS_REST_URL, token: config.REDIS_REST_TOKEN });
    ctx.waitUntil(refreshChainGraphs({ env: config, redis, graphs: caches.graphs }));
  };
}
