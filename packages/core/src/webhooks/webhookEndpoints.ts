import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { SluiceError } from "../errors/SluiceError.js";
import { newId } from "../ids/newId.js";
import { encryptWebhookSecret, generateWebhookSecret } from "./webhookSecrets.js";

/** How many endpoints one account may have in each environment (the sandbox's never use up production's). */
export const MAX_WEBHOOK_ENDPOINTS = 20;

export type WebhookEndpointRow = {
  id: string; url: string; events: string[]; status: "active" | "disabled"; disabledReason: string | null;
  disabledAt: Date | null; failingSince: Date | null; createdAt: Date;
};

type Row = {
  id: string; url: string; events: string[]; status: "active" | "disabled"; disabled_reason: string | null;
  disabled_at: string | null; failing_since: string | null; created_at: string;
};

const toRow = (r: Row): WebhookEndpointRow => ({
  id: r.id, url: r.url, events: r.events, status: r.status, disabledReason: r.disabled_reason,
  disabledAt: r.disabled_at ? new Date(r.disabled_at) : null, failingSince: r.failing_since ? new Date(r.failing_since) : null,
  createdAt: new Date(r.created_at),
});

const columns = sql`id, url, events, status::text as status, disabled_reason, disabled_at::text as disabled_at,
  failing_since::text as failing_since, created_at::text as created_at`;

/** A 404 for an endpoint that does not exist or is another account's: the two answer alike. */
export const webhookNotFound = (id: string) => new SluiceError("NOT_FOUND", `No webhook endpoint ${id}`);

/** Creates an endpoint (URL already checked) and answers it with its signing secret, the only time it is shown. */
export type WebhookEnvironment = "production" | "sandbox";

export async function createWebhookEndpoint(
  db: Database, { accountId, environment, url, events, signingKey }: { accountId: string; environment: WebhookEnvironment; url: string; events: string[]; signingKey: string },
): Promise<WebhookEndpointRow & { secret: string }> {
  const id = newId("whk");
  const secret = generateWebhookSecret();
  const ciphertext = await encryptWebhookSecret(signingKey, id, secret);
  // The count (of this environment's endpoints) and the insert in one statement, under a per-account lock, so
  // concurrent creations respect the limit.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints:' || ${accountId}))`);
    const inserted = await tx.execute<Row>(sql`
      insert into webhook_endpoints (id, account_id, environment, url, events, secret_ciphertext)
      select ${id}, ${accountId}, ${environment}::key_environment, ${url}, string_to_array(${events.join(",")}, ','), ${ciphertext}
      where (select count(*) from webhook_endpoints
        where account_id = ${accountId} and environment = ${environment}::key_environment) < ${MAX_WEBHOOK_ENDPOINTS}
      returning ${columns}`);
    const row = inserted.rows[0];
    if (!row) throw new SluiceError("CONFLICT", `An account has at most ${MAX_WEBHOOK_ENDPOINTS} ${environment} webhook endpoints; delete one first`);
    return { ...toRow(row), secret };
  });
}

/** The account's endpoints of one environment (a production key manages production endpoints, a sandbox key the sandbox's). */
export async function listWebhookEndpoints(db: Database, accountId: string, environment: WebhookEnvironment): Promise<WebhookEndpointRow[]> {
  const rows = await db.execute<Row>(sql`
    select ${columns} from webhook_endpoints where account_id = ${accountId} and environment = ${environment}::key_environment
    order by created_at desc, id desc`);
  return rows.rows.map(toRow);
}

/** The account's endpoint, or NOT_FOUND (also when it is another account's). */
export async function findWebhookEndpoint(db: Database, accountId: string, environment: WebhookEnvironment, id: string): Promise<WebhookEndpointRow> {
  const rows = await db.execute<Row>(sql`
    select ${columns} from webhook_endpoints where id = ${id} and account_id = ${accountId} and environment = ${environment}::key_environment`);
  if (!rows.rows[0]) throw webhookNotFound(id);
  return toRow(rows.rows[0]);
}

/** Deletes the account's endpoint with its deliveries (nothing more is sent to it). */
export async function deleteWebhookEndpoint(db: Database, accountId: string, environment: WebhookEnvironment, id: string): Promise<void> {
  const deleted = await db.execute(sql`
    delete from webhook_endpoints where id = ${id} and account_id = ${accountId} and environment = ${environment}::key_environment returning id`);
  if (deleted.rows.length === 0) throw webhookNotFound(id);
}

export type WebhookDeliveryRow = {
  id: string; eventId: string; eventType: string; status: "pending" | "delivered" | "failed"; attempts: number;
  nextAttemptAt: Date | null; lastStatusCode: number | null; lastError: string | null; createdAt: Date; completedAt: Date | null;
  attemptLog: Array<{ attempt: number; attemptedAt: Date; statusCode: number | null; latencyMs: number; error: string | null }>;
};

type DeliveryRow = {
  id: string; event_id: string; event_type: string; status: WebhookDeliveryRow["status"]; attempts: number;
  next_attempt_at: string; last_status_code: number | null; last_error: string | null; created_at: string; completed_at: string | null;
  attempt_log: Array<{ attempt: number; attempted_at: string; status_code: number | null; latency_ms: number; error: string | null }>;
};

/**
 * The endpoint's most recent deliveries (newest first) with every attempt; with `deliveryId`, that one delivery if it
 * is the endpoint's (a page of the newest would miss it once enough others were written after it).
 */
export async function listWebhookDeliveries(
  db: Database, endpointId: string, limit: number, { deliveryId }: { deliveryId?: string } = {},
): Promise<WebhookDeliveryRow[]> {
  const rows = await db.execute<DeliveryRow>(sql`
    select d.id, d.event_id, ev.type as event_type, d.status::text as status, d.attempts, d.next_attempt_at::text as next_attempt_at,
      d.last_status_code, d.last_error, d.created_at::text as created_at, d.completed_at::text as completed_at,
      coalesce((select jsonb_agg(jsonb_build_object('attempt', a.attempt, 'attempted_at', a.attempted_at, 'status_code', a.status_code,
        'latency_ms', a.latency_ms, 'error', a.error) order by a.attempt) from webhook_attempts a where a.delivery_id = d.id), '[]'::jsonb) as attempt_log
    from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
    where d.endpoint_id = ${endpointId}${deliveryId === undefined ? sql`` : sql` and d.id = ${deliveryId}`}
    order by d.created_at desc, d.id desc
    limit ${limit}`);
  return rows.rows.map((r) => ({
    id: r.id, eventId: r.event_id, eventType: r.event_type, status: r.status, attempts: r.attempts,
    nextAttemptAt: r.status === "pending" ? new Date(r.next_attempt_at) : null, lastStatusCode: r.last_status_code,
    lastError: r.last_error, createdAt: new Date(r.created_at), completedAt: r.completed_at ? new Date(r.completed_at) : null,
    attemptLog: r.attempt_log.map((a) => ({
      attempt: a.attempt, attemptedAt: new Date(a.attempted_at), statusCode: a.status_code, latencyMs: a.latency_ms, error: a.error,
    })),
  }));
}
