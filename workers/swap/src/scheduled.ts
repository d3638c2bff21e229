import {
  createDbFromConfig, createTokenQualitySource, CRON_REDIS_TIMEOUT_MS, logEvent, readWorkerConfig, refreshChainGraphs, relayerHealth, repairAllRelayerNonces,
  workerRedis,
  type IsolateCaches,
} from "@sluice/core";
import { swapConfigSchema, type SwapBindings } from "./env.js";

/**
 * The cron (wrangler.toml `[triggers]`): keeps every chain's indexed pool graph, and its token list, current,
 * checks the relayers' balances (a relayer below its chain's minimum leaves rotation until topped up), and repairs
 * the relayers' stuck or dropped transactions, which otherwise only the next gasless send on their chain would.
 */
export function createScheduled(caches: IsolateCaches): ExportedHandlerScheduledHandler<SwapBindings> {
  return (_controller, env, ctx) => {
    const config = readWorkerConfig(swapConfigSchema, env);
    const redis = workerRedis({ config, bindings: env, timeoutMs: CRON_REDIS_TIMEOUT_MS });
    const quality = createTokenQualitySource({ redis: () => redis, openDb: () => createDbFromConfig(config) });
    ctx.waitUntil(refreshChainGraphs({ env: config, redis, graphs: caches.graphs, quality }));
    ctx.waitUntil(relayerHealth({ redis, sluiceChains: config.SLUICE_CHAINS, relayerPrivateKeys: config.RELAYER_PRIVATE_KEYS, maxAgeMs: 0 })
      .then((report) => logEvent("info", "relayer balances checked", { report: JSON.stringify(report) }))
      .catch((error: unknown) => logEvent("error", "relayer balance check failed", { error: String(error) })));
    ctx.waitUntil(repairAllRelayerNonces({
      redis, sluiceChains: config.SLUICE_CHAINS, relayerPrivateKeys: config.RELAYER_PRIVATE_KEYS, stuckAfterMs: config.RELAYER_STUCK_AFTER_MS,
    }).then((repairs) => {
      if (Object.keys(repairs).length > 0) logEvent("warn", "relayer transactions repaired", { repairs: JSON.stringify(repairs) });
    }).catch((error: unknown) => logEvent("error", "relayer repair failed", { error: String(error) })));
  };
}
