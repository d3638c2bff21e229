import { chainById, chainClientLookup, confirmationsLookup, createDbFromConfig, CRON_QUERY_TIMEOUT_MS, logEvent, readWorkerConfig, reconcileBridgeSettlements } from "@sluice/core";
import { acrossFromEnv, bridgeConfigSchema } from "./bridgeEnv.js";

/** Cron: reconcile tracked deposits' status with Across (core's reconcileBridgeSettlements does the work). */
export async function scheduled(_event: ScheduledController, bindings: object, ctx: ExecutionContext) {
  const env = readWorkerConfig(bridgeConfigSchema, bindings);
  const { db, close } = createDbFromConfig(env, { queryTimeoutMs: CRON_QUERY_TIMEOUT_MS });
  const clientOf = chainClientLookup(env.SLUICE_CHAINS);
  const clientFor = (chainId: number) => {
    const client = clientOf(chainId);
    if (!client) throw new Error(`chain ${chainId} is not configured on this deployment`);
    return client;
  };
  // A fill or refund counts once the chain's confirmation depth is on it, as for a swap's /confirm.
  const depthOf = confirmationsLookup(env.SLUICE_CHAINS);
  const confirmationsFor = (chainId: number) => {
    const chain = chainById(chainId);
    if (!chain) throw new Error(`chain ${chainId} is not configured on this deployment`);
    return depthOf(chain.name);
  };
  const run = reconcileBridgeSettlements({ db, across: acrossFromEnv(env).across, clientFor, confirmationsFor })
    .then((result) => logEvent("info", "bridge reconcile", { result: JSON.stringify(result) }))
    .catch((error: unknown) => {
      logEvent("error", "bridge reconcile failed", { error: String(error) });
      throw error; // the cron run fails visibly too
    })
    .finally(close);
  ctx.waitUntil(run);
  await run;
}
