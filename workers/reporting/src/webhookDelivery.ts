import type { Context } from "hono";
import {
  createDbFromConfig, deliverWebhooks, deliverWebhooksInline, logEvent, webhookSettings, type DeliverWebhooksResult, type InlineDeliveries,
} from "@sluice/core";
import type { ReportingConfig, ReportingEnv } from "./env.js";

/**
 * Sends what is due, on a connection of its own (it also runs after the answer, when the request's is closed): up to
 * `rounds` batches, stopping as soon as a batch finds nothing due or `budgetMs` has passed (receivers that time out
 * must not keep a cron run going past the next one).
 */
export async function deliverDueWebhooks(config: ReportingConfig, rounds = 4, budgetMs = 45_000): Promise<DeliverWebhooksResult> {
  const started = Date.now();
  const { db, close } = createDbFromConfig(config);
  const total: DeliverWebhooksResult = { attempted: 0, delivered: 0, retrying: 0, failed: 0, disabled: 0, deferred: 0 };
  try {
    for (let round = 0; round < rounds; round++) {
      const result = await deliverWebhooks({ db, ...webhookSettings(config) });
      for (const key of Object.keys(total) as (keyof DeliverWebhooksResult)[]) total[key] += result[key];
      if (result.attempted === 0 || Date.now() - started > budgetMs) break;
    }
  } finally {
    await close();
  }
  if (total.attempted) logEvent("info", "webhooks delivered", { ...total });
  return total;
}

/**
 * After a request that may have written webhook events: deliver them promptly, in the background, within the isolate's
 * budget of such passes (`inline`: a pass keeps its connection while receivers answer); past it, the cron sends them.
 */
export function deliverWebhooksSoon(c: Context<ReportingEnv>): void {
  c.get("services").background(deliverInline(c.get("config"), c.get("services").caches.inlineDeliveries));
}

/**
 * One delivery pass right after events were written, if the isolate's `inline` budget has room (else nothing: the
 * cron's). It claims only what it can attempt within Workers' allowance after the answer (`deliverWebhooksInline`).
 */
export async function deliverInline(config: ReportingConfig, inline: InlineDeliveries): Promise<{ attempted: number }> {
  const release = inline.claim();
  if (!release) return { attempted: 0 };
  const { db, close } = createDbFromConfig(config);
  try {
    const result = await deliverWebhooksInline({ db, ...webhookSettings(config) });
    if (result.attempted) logEvent("info", "webhooks delivered", { ...result });
    return result;
  } finally {
    await close().finally(release);
  }
}
