import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";

/** Every event type a partner can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  "swap.executed", "swap.failed", "swap.confirmed",
  "bridge.filled", "bridge.expired", "bridge.refunded",
  "rebate.settled",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What `POST /webhooks/{id}/test` sends; never emitted by a state change and never subscribed to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export type WebhookEventInput = {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  accountId: string;
  /** What makes the event unique for its type (the usage event, settlement or ledger row id): its id derives from it. */
  objectKey: string;
  /** The object as the API answers it. */
  data: Record<string, unknown>;
  /** Only to this endpoint (the test event); else every active endpoint of the account subscribed to the type. */
  endpointId?: string;
  /** Whose endpoints hear it: production's (default) or the sandbox's (its dry runs). */
  environment?: "production" | "sandbox";
};

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** The event id: `whe_` + 32 hex of SHA-256(type:objectKey); the same state change always has the same id. */
export async function webhookEventId(type: string, objectKey: string): Promise<string> {
  return `whe_${hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${type}:${objectKey}`))).slice(0, 32)}`;
}

/** The JSON every delivery of an event posts (signed as is). */
export function webhookBody(id: string, type: string, createdAt: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ id, type, created_at: createdAt.toISOString(), data });
}

/**
 * Writes events to the outbox with one delivery per subscribed active endpoint, in ONE statement: call it with the
 * transaction that makes the state change, so the event exists exactly when the change does. An account with no
 * endpoint subscribed to a type gets no row. Re-emitting an event (same type and object) changes nothing. Answers the
 * deliveries written.
 */
export async function emitWebhookEvents(
  db: Pick<Database, "execute">, events: WebhookEventInput[],
  /**
   * `attemptNow`: the caller sends the deliveries itself right away (`deliverWebhooks` with their ids), so other
   * deliverers leave them for a minute; if the caller fails to, they go out then.
   */
  options: { attemptNow?: boolean } = {},
): Promise<string[]> {
  if (events.length === 0) return [];
  const now = new Date();
  const rows = await Promise.all(events.map(async (e) => {
    const id = await webhookEventId(e.type, e.objectKey);
    return { id, account_id: e.accountId, type: e.type, endpoint_id: e.endpointId ?? null, environment: e.environment ?? "production", body: webhookBody(id, e.type, now, e.data) };
  }));
  const result = await db.execute<{ id: string }>(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id text, account_id text, type text, endpoint_id text, environment text, body text)
    ), targets as (
      select i.id as event_id, e.id as endpoint_id from input i
      join webhook_endpoints e on e.account_id = i.account_id and e.status = 'active' and e.environment::text = i.environment
        and (case when i.endpoint_id is null then i.type = any(e.events) else e.id = i.endpoint_id end)
    ), inserted as (
      insert into webhook_events (id, account_id, type, body)
      select i.id, i.account_id, i.type, i.body from input i where exists (select 1 from targets t where t.event_id = i.id)
      on conflict (id) do nothing
      returning id
    )
    insert into webhook_deliveries (id, event_id, endpoint_id, next_attempt_at)
    select 'whd_' || replace(gen_random_uuid()::text, '-', ''), t.event_id, t.endpoint_id,
      now() + make_interval(secs => ${options.attemptNow ? 60 : 0})
    from targets t join inserted x on x.id = t.event_id
    on conflict do nothing
    returning id`);
  return result.rows.map((r) => r.id);
}
