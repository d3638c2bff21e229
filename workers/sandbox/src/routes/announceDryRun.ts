import type { Context } from "hono";
import {
  authenticateApiKey, createDbFromConfig, deliverWebhooks, emitWebhookEvents, newId, webhookSettings,
} from "@sluice/core";
import type { SandboxEnv } from "../sandboxEnv.js";

type SolveAnswer = { ok: true; quote: { volumeUsd: number }; transaction: { chain: string } };

/**
 * The sandbox's own webhook event: each dry-run solve it answers is sent to the account's sandbox endpoints as
 * `swap.executed` with the fields `/usage` answers for a solve — `is_dry_run: true`, `status: "encoded"`, no
 * `tx_hash` (nothing is submitted, nothing recorded) — so an integration can be tested end to end. Runs after the
 * answer, on a connection of its own. Delivery is attempted at once while the isolate's budget of such passes has room;
 * past it (a flood of replayed dry runs) the deliveries are left due for the reporting cron, which also makes the
 * retries (same outbox, production's sent first).
 */
// The answer's `volumeUsd` is a JSON number (a dust swap's is written `1e-7`): rounded to cents as a number, where
// production's events round the ledger's exact decimal (`centsNumber`).
export async function announceDryRun(c: Context<SandboxEnv>, key: string, response: Response): Promise<void> {
  const answer = await response.json() as SolveAnswer;
  if (!answer.ok) return;
  const config = c.get("config");
  const { db, close } = createDbFromConfig(config);
  const release = c.get("services").caches.inlineDeliveries.claim();
  try {
    const auth = await authenticateApiKey({ key, environment: "sandbox", db, redis: c.get("services").redis });
    if (!auth) return;
    const id = newId("evt");
    const deliveries = await emitWebhookEvents(db, [{
      type: "swap.executed", accountId: auth.accountId, objectKey: id, environment: "sandbox",
      data: {
        id, event_type: "solve", chain: answer.transaction.chain, volume_usd: Math.round(answer.quote.volumeUsd * 100) / 100,
        is_dry_run: true, is_test: auth.isTest, status: "encoded", tx_hash: null, created_at: new Date().toISOString(),
      },
    }], { attemptNow: release !== undefined });
    if (release && deliveries.length) await deliverWebhooks({ db, ...webhookSettings(config), deliveryIds: deliveries });
  } finally {
    release?.();
    await close();
  }
}
