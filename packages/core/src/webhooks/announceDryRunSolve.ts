import type { Database } from "../db/createDb.js";
import { newId } from "../ids/newId.js";
import type { DeliverWebhooksResult, WebhookDeliverySettings } from "./deliverWebhooks.js";
import { deliverWebhooksInline } from "./deliverWebhooksInline.js";
import { emitWebhookEvents } from "./webhookEvents.js";

/** A dry-run solve the sandbox answered, for the key's account. */
export type DryRunSolve = { accountId: string; isTest: boolean; chain: string; volumeUsd: number };

/**
 * The sandbox's own webhook event: each dry-run solve it answers is sent to the account's sandbox endpoints as
 * `swap.executed` with the fields `/usage` answers for a solve — `is_dry_run: true`, `status: "encoded"`, no `tx_hash`
 * (nothing is submitted, nothing recorded) — so an integration can be tested end to end. With `deliverNow` (the
 * isolate had room for a pass right after an event, `createInlineDeliveries`), its deliveries are sent at once, as
 * many as Workers' allowance after the answer holds (`deliverWebhooksInline`: 2 of an account's up to 20 endpoints;
 * one pass sending all of them outlived that allowance against receivers that hang, and left the rest leased with
 * nobody to send them); the others, left to the reporting cron, go out within its next runs. Without it, all are the
 * cron's (which also makes the retries, production's sent first). Answers the pass's result, if one ran.
 */
// The answer's `volumeUsd` is a JSON number (a dust swap's is written `1e-7`): rounded to cents as a number, where
// production's events round the ledger's exact decimal (`centsNumber`).
export async function announceDryRunSolve(
  params: WebhookDeliverySettings & { db: Database; solve: DryRunSolve; deliverNow: boolean },
): Promise<DeliverWebhooksResult | undefined> {
  const { db, solve, deliverNow, ...settings } = params;
  const id = newId("evt");
  const deliveries = await emitWebhookEvents(db, [{
    type: "swap.executed", accountId: solve.accountId, objectKey: id, environment: "sandbox",
    data: {
      id, event_type: "solve", chain: solve.chain, volume_usd: Math.round(solve.volumeUsd * 100) / 100,
      is_dry_run: true, is_test: solve.isTest, status: "encoded", tx_hash: null, created_at: new Date().toISOString(),
    },
  }], { attemptNow: deliverNow });
  if (!deliverNow || deliveries.length === 0) return undefined;
  return deliverWebhooksInline({ db, ...settings, deliveryIds: deliveries });
}
