/**
 * `wrangler dev` runs no cron triggers, so the local stack does what the swap worker's cron does for the pool index
 * and the relayers: every `intervalMs` it runs `refreshChainGraphs` and `repairAllRelayerNonces` (the cron's own
 * code, with the workers' settings and the same Redis, through the same RPC fault proxies) — a cold index a few
 * budgeted slices at a time, then incremental passes. `ready()` resolves once every configured chain's graph is
 * ready, so the stack serves quotes only then.
 */
import {
  createDb, createGraphCache, createRedis, createTokenQualitySource, CRON_REDIS_TIMEOUT_MS, readIndexStatus, refreshChainGraphs,
  repairAllRelayerNonces, type IndexerEnv,
} from "@sluice/core";

export type StartIndexTickerParameters = {
  env: IndexerEnv;
  redisRestUrl: string;
  redisRestToken: string;
  /** The workers' Postgres (token quality scores are read from it, as the cron reads them). */
  databaseUrl: string;
  /** The swap worker's `RELAYER_PRIVATE_KEYS` and `RELAYER_STUCK_AFTER_MS` (default 60 s): its relayers are repaired too. */
  relayers?: { privateKeys: string | undefined; stuckAfterMs?: number };
  intervalMs?: number;
  /** Where indexing errors are reported (progress lines are not). */
  log?: (line: string) => void;
};

export function startIndexTicker({ env, redisRestUrl, redisRestToken, databaseUrl, relayers, intervalMs = 2_000, log = () => {} }: StartIndexTickerParameters) {
  const redis = createRedis({ url: redisRestUrl, token: redisRestToken, timeoutMs: CRON_REDIS_TIMEOUT_MS });
  const graphs = createGraphCache();
  const quality = createTokenQualitySource({ redis: () => redis, openDb: () => createDb({ url: databaseUrl }) });
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  let lastError = "";
  const tick = () => {
    current = refreshChainGraphs({
      env, redis, graphs, quality,
      // Errors once per change (a test's outage would otherwise repeat one every tick); progress lines never.
      log: (level, event, fields) => {
        const line = `index      ${event} ${JSON.stringify(fields)}`;
        if (level === "error" && line !== lastError) log(line);
        if (level === "error") lastError = line;
      },
    }).catch(() => {})
      .then(() => relayers && repairAllRelayerNonces({
        redis, sluiceChains: env.SLUICE_CHAINS, relayerPrivateKeys: relayers.privateKeys, stuckAfterMs: relayers.stuckAfterMs ?? 60_000,
      }).then((repairs) => { if (Object.keys(repairs).length > 0) log(`relayers   repaired ${JSON.stringify(repairs)}`); }, () => {}))
      .finally(() => { if (!stopped) timer = setTimeout(tick, intervalMs); });
  };
  let timer: ReturnType<typeof setTimeout> = setTimeout(tick, 0);
  return {
    /** Resolves once every configured chain's index is ready (or rejects after `timeoutMs`). */
    async ready(timeoutMs = 300_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const status = await readIndexStatus({ redis, sluiceChains: env.SLUICE_CHAINS }).catch(() => []);
        if (status.length > 0 && status.every((s) => s.ready)) return;
        if (Date.now() > deadline) throw new Error(`pool index not ready after ${timeoutMs} ms: ${status.map((s) => s.message).join("; ")}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
