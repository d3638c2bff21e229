import type { Database } from "../db/createDb.js";
import {
  attemptSeconds, deliverWebhooks, DELIVERY_CONCURRENCY, LEASE_MARGIN_SECONDS, type DeliverWebhooksResult, type WebhookDeliverySettings,
} from "./deliverWebhooks.js";

/**
 * Workers' allowance for work after the answer (`waitUntil`): past it the pass is cancelled, mid-attempt or not, and
 * nothing records what it claimed (see `createInlineDeliveries`).
 */
const INLINE_BUDGET_SECONDS = 30;

/**
 * One delivery pass right after events were written (in the background of the request that wrote them). It claims
 * only what its lease can cover within `INLINE_BUDGET_SECONDS`: a claim's lease grows with what it claims (one attempt's
 * longest time per round of `DELIVERY_CONCURRENCY`, and a margin), and a pass cut at the budget leaves its claimed,
 * unattempted deliveries leased — with the cron's 50, 462 s at the 10 s attempt limit, nearly eight cron runs skipping
 * them. Sized so the lease ends within the budget, every round of the pass also fits in it (it is never cut), and a
 * pass whose isolate dies leaves its deliveries to the next cron run. That is one round, 2 deliveries, at both the
 * production (10 s: 18 s + 12 s) and the local (3 s) attempt limits: enough for the events a request just wrote, which
 * are what the pass is for; anything else due is the cron's, which claims 50 a round. It takes only deliveries not
 * attempted yet: retries to failing endpoints (often hanging ones) would otherwise take its two places ahead of the
 * events just written, whenever two accounts have any. `deliveryIds`: only those (the deliveries the caller just
 * wrote, e.g. a sandbox dry run's, one per endpoint of the account: up to 20), still at most what the budget holds.
 */
export async function deliverWebhooksInline(
  params: WebhookDeliverySettings & { db: Database; deliveryIds?: string[] },
): Promise<DeliverWebhooksResult> {
  const attempt = attemptSeconds(params.timeoutMs ?? 10_000); // deliverWebhooks' default limit
  const rounds = Math.max(1, Math.floor((INLINE_BUDGET_SECONDS - LEASE_MARGIN_SECONDS) / attempt));
  return deliverWebhooks({ ...params, limit: rounds * DELIVERY_CONCURRENCY, firstAttemptsOnly: true });
}
