import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { logEvent } from "../observability/logEvent.js";

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
 * The most deliveries an endpoint may have pending; an event for an endpoint that already has this many is not
 * written for it (the others that hear it still get theirs), and the operator is told (`webhook backlog full`).
 * Without it, a sandbox key — stolen, or just a loop — replaying dry runs (free, and replayable from one signed
 * body) wrote a delivery per solve to each of its account's endpoints, faster than the cron drains the sandbox's
 * (production's go first), and a delivery never attempted stays pending, so neither its retry window nor pruning
 * ever removed it: the outbox grew without end. The sandbox's 1,000 is far more than an integration under test
 * reads. Production's is higher: its events are real (a swap, a deposit, a settlement) and a receiver that is down
 * keeps a day of them (it is disabled after failing for the retry window, and what it had pending fails then), so it
 * bites only on a receiver that cannot keep up with a busy account for long, which would otherwise grow the outbox
 * too; what it skips can still be read from the API (`/usage`, `/rebates`, a deposit's status). Counting up to the
 * bound reads the endpoint's entries in the index of pending deliveries by endpoint
 * (`webhook_deliveries_endpoint_due_idx`): a few for a receiver that keeps up, at most the bound (about a millisecond
 * for the sandbox's) for one that does not. A soft bound: emissions in concurrent transactions do not see each
 * other's deliveries, so each may fill what was left.
 */
export const WEBHOOK_PENDING_DELIVERIES_BOUND = { sandbox: 1_000, production: 10_000 } as const;

/**
 * Writes events to the outbox with one delivery per subscribed active endpoint, in ONE statement: call it with the
 * transaction that makes the state change, so the event exists exactly when the change does. An account with no
 * endpoint subscribed to a type gets no row. Re-emitting an event (same type and object) changes nothing. An endpoint
 * whose backlog is full (`WEBHOOK_PENDING_DELIVERIES_BOUND`) gets no delivery of the events past it, and an event
 * no endpoint takes is not written; a test event (one endpoint, one test at a time) is never held back. Answers the
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
  const rows = await Promise.all(events.map(async (e, ord) => {
    const id = await webhookEventId(e.type, e.objectKey);
    return { id, ord, account_id: e.accountId, type: e.type, endpoint_id: e.endpointId ?? null, environment: e.environment ?? "production", body: webhookBody(id, e.type, now, e.data) };
  }));
  const result = await db.execute<{ id: string | null; account_id: string | null; endpoint_id: string | null; skipped: number }>(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id text, ord int, account_id text, type text, endpoint_id text, environment text, body text)
    ), matched as (
      -- Events not written before (re-emitting one changes nothing) and the endpoints that hear them.
      select i.id as event_id, i.ord, i.endpoint_id is not null as targeted, e.id as endpoint_id, e.account_id,
        case when e.environment = 'sandbox' then ${WEBHOOK_PENDING_DELIVERIES_BOUND.sandbox}::int else ${WEBHOOK_PENDING_DELIVERIES_BOUND.production}::int end as bound
      from input i
      join webhook_endpoints e on e.account_id = i.account_id and e.status = 'active' and e.environment::text = i.environment
        and (case when i.endpoint_id is null then i.type = any(e.events) else e.id = i.endpoint_id end)
      where not exists (select 1 from webhook_events ev where ev.id = i.id)
    ), backlog as materialized (
      -- Each endpoint's pending deliveries, counted no further than its bound: once per endpoint (materialized, else
      -- the count is made again for each of its events).
      select m.endpoint_id, (
        select count(*) from (select 1 from webhook_deliveries d where d.endpoint_id = m.endpoint_id and d.status = 'pending' limit m.bound) p
      ) as pending
      from (select distinct endpoint_id, bound from matched) m
    ), targets as (
      select m.event_id, m.endpoint_id, m.account_id,
        m.targeted or b.pending + row_number() over (partition by m.endpoint_id, m.targeted order by m.ord) <= m.bound as admitted
      from matched m join backlog b on b.endpoint_id = m.endpoint_id
    ), inserted as (
      insert into webhook_events (id, account_id, type, body)
      select i.id, i.account_id, i.type, i.body from input i where exists (select 1 from targets t where t.event_id = i.id and t.admitted)
      on conflict (id) do nothing
      returning id
    ), written as (
      -- Only events not written before are matched, so this needs no join with the events inserted (the planner
      -- cannot size that and loops over it once per target). An event a concurrent emission writes meanwhile is kept
      -- once by the conflicts: its id, and one delivery per event and endpoint.
      insert into webhook_deliveries (id, event_id, endpoint_id, next_attempt_at)
      select 'whd_' || replace(gen_random_uuid()::text, '-', ''), t.event_id, t.endpoint_id,
        now() + make_interval(secs => ${options.attemptNow ? 60 : 0})
      from targets t
      where t.admitted
      on conflict do nothing
      returning id
    )
    select id, null::text as account_id, null::text as endpoint_id, 0 as skipped from written
    union all
    select null, account_id, endpoint_id, count(*)::int from targets where not admitted group by account_id, endpoint_id`);
  const skipped = result.rows.filter((r) => r.endpoint_id !== null);
  if (skipped.length) {
    logEvent("warn", "webhook backlog full", {
      accounts: [...new Set(skipped.map((r) => r.account_id))].join(","),
      endpoints: skipped.length,
      endpointIds: skipped.slice(0, 40).map((r) => r.endpoint_id).join(","),
      skipped: skipped.reduce((sum, r) => sum + Number(r.skipped), 0),
    });
  }
  return result.rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}
