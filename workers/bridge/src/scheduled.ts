import { createDb } from "@sluice/core";
import { reconcileBridgeSettlements } from "@sluice/core/bridge/index";
import { acrossFromEnv, type BridgeBindings } from "./bridgeEnv.js";

/** Cron: reconcile tracked deposits' status with Across (core's reconcileBridgeSettlements does the work). */
export async function scheduled(_event: ScheduledController, env: BridgeBindings, ctx: ExecutionContext) {
  const { db, close } = createDb({ url: env.DATABASE_URL, driver: env.DATABASE_DRIVER });
  const run = reconcileBridgeSettlements({ db, across: acrossFromEnv(env).across })
    .then((result) => console.log("bridge reconcile", JSON.stringify(result)))
    .finally(close);
  ctx.waitUntil(run);
  await run;
}
