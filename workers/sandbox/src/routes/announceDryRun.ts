import type { Context } from "hono";
import {
  authenticateApiKey, centsNumber, createDbFromConfig, deliverWebhooks, emitWebhookEvents, newId, webhookSettings,
} from "@sluice/core";
import type { SandboxEnv } from "../sandboxEnv.js";

type SolveAnswer = { ok: true; quote: { volumeUsd: number }; transaction: { chain: string } };

/**
 * The sandbox's own webhook event: each dry-run solve it answers is sent to the account's sandbox endpoints as
 * `swap.executed` with the fields `/usage` answers for a solve — `is_dry_run: true`, `status: "encoded"`, no
 * `tx_hash` (nothing is submitted, nothing recorded) — so an integration can be tested end to end. Runs after the
 * answer, on a connection of its own; delivery is attempted at once, retries are the reporting cron's (same outbox).
 */
export async function announceDryRun(c: Context<SandboxEnv>, key: string, response: Response): Promise<void> {
  const answer = await response.json() as SolveAnswer;
  if (!answer.ok) return;
  const config = c.get("config");
  const { db, close } = createDbFromConfig(config);
  try {
    const auth = await authenticateApiKey({ key, environment: "sandbox", db, redis: c.get("services").redis });
    if (!auth) return;
    const id = newId("evt");
    const deliveries = await emitWebhookEvents(db, [{
      type: "swap.executed", accountId: auth.accountId, objectKey: id, environment: "sandbox",
      data: {
        id, event_type: "solve", chain: answer.transaction.chain, volume_usd: centsNumber(String(answer.quote.volumeUsd)),
        is_dry_run: true, is_test: auth.isTest, status: "encoded", tx_hash: null, created_at: new Date().toISOString(),
      },
    }], { attemptNow: true });
    if (deliveries.length) await deliverWebhooks({ db, ...webhookSettings(config), deliveryIds: deliveries });
  } finally {
    await close();
  }
}
