import {
  chainClientLookup, confirmationsLookup, CRON_QUERY_TIMEOUT_MS, CRON_REDIS_TIMEOUT_MS, drainUsageOutbox, logEvent, finalizePendingSolves, pruneWebhookHistory, settleDueMonth, readWorkerConfig,
} from "@sluice/core";
import { reportingConfigSchema } from "./env.js";
import { withStorage } from "./usageRecording.js";
import { deliverDueWebhooks } from "./webhookDelivery.js";

/**
 * The reporting cron (wrangler.toml): every minute it drains the usage outbox, finalises gasless solves still
 * pending from their receipts (before settlement, so a month closes on what the chains say), and settles the last UTC
 * month whose grace has passed (`SETTLEMENT_GRACE_HOURS` after its end, default 72: the operator's time for the
 * volume review before the payout), retrying a run that failed; then it sends the webhook deliveries that are due and
 * forgets finished ones older than 30 days. `0 0 1 * *` settles the month at its end when the grace is 0.
 */
export async function scheduled(_controller: ScheduledController, bindings: object): Promise<void> {
  const env = readWorkerConfig(reportingConfigSchema, bindings);
  // The bindings themselves, not the parsed settings: parsing keeps settings only, and the Node host hands its Redis
  // connection over as the `REDIS` binding.
  await withStorage(bindings, async ({ db, redis }) => {
    const failures: unknown[] = [];
    await drainUsageOutbox({ db, redis }).catch((error) => failures.push(error));
    await finalizePendingSolves({ db, redis, clientFor: chainClientLookup(env.SLUICE_CHAINS), confirmationsFor: confirmationsLookup(env.SLUICE_CHAINS), limit: 500 })
      .catch((error) => failures.push(error));
    await settleDueMonth(db, new Date(), env.SETTLEMENT_GRACE_HOURS).catch((error) => failures.push(error));
    // Last: what the steps above announced goes out in the same run.
    await deliverDueWebhooks(env, 20).catch((error) => failures.push(error));
    await pruneWebhookHistory(db).catch((error) => failures.push(error));
    for (const failure of failures) logEvent("error", "reporting cron failed", { error: String(failure) });
    if (!failures.length) logEvent("info", "reporting cron", { ok: true });
    if (failures.length) throw failures[0];
  }, { queryTimeoutMs: CRON_QUERY_TIMEOUT_MS, redisTimeoutMs: CRON_REDIS_TIMEOUT_MS });
}
