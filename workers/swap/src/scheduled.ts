import { createRedis, readWorkerConfig, refreshChainGraphs } from "@sluice/core";
import { swapConfigSchema, type SwapBindings } from "./env.js";

/** The cron (wrangler.toml `[triggers]`): keeps every chain's indexed pool graph, and its token list, current. */
export const scheduled: ExportedHandlerScheduledHandler<SwapBindings> = (_controller, env, ctx) => {
  const config = readWorkerConfig(swapConfigSchema, env);
  ctx.waitUntil(refreshChainGraphs({ env: config, redis: createRedis({ url: config.REDIS_REST_URL, token: config.REDIS_REST_TOKEN }) }));
};
