import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, keyEnvironment } from "./accounts.js";
import { createdAt } from "./columns.js";

export const webhookEndpointStatus = pgEnum("webhook_endpoint_status", ["active", "disabled"]);
export const webhookDeliveryStatus = pgEnum("webhook_delivery_status", ["pending", "delivered", "failed"]);

/**
 * A partner's webhook endpoint. The signing secret is stored encrypted (AES-GCM with the reporting worker's
 * `WEBHOOK_SIGNING_KEY`, the endpoint id as associated data) so deliveries can sign with it; it is answered once,
 * when the endpoint is created. `failing_since` is the first failed attempt since the last success: an endpoint
 * failing for the retry window is `disabled` with `disabled_reason` for its owner to read.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  /** The deployment whose events it receives: production keys manage production endpoints. */
  environment: keyEnvironment("environment").notNull(),
  url: text("url").notNull(),
  /** Event types it subscribes to. */
  events: text("events").array().notNull(),
  /** `v1.<iv base64url>.<ciphertext base64url>` (see core/webhooks/webhookSecrets.ts). */
  secretCiphertext: text("secret_ciphertext").notNull(),
  status: webhookEndpointStatus("status").notNull().default("active"),
  disabledReason: text("disabled_reason"),
  disabledAt: timestamp("disabled_at", { withTimezone: true, mode: "date" }),
  failingSince: timestamp("failing_since", { withTimezone: true, mode: "date" }),
  createdAt,
}, (t) => [index("webhook_endpoints_account_idx").on(t.accountId, t.environment, t.status)]);

/**
 * The outbox: one row per event for an account that had a subscribed endpoint when the event happened, written in
 * the same transaction as the state change. `body` is the exact JSON every attempt sends (signed as is).
 */
export const webhookEvents = pgTable("webhook_events", {
  /** Stable: derived from the event type and the object, so the same state change never makes two events. */
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  type: text("type").notNull(),
  body: text("body").notNull(),
  createdAt,
}, (t) => [index("webhook_events_account_idx").on(t.accountId, t.createdAt)]);

/**
 * One event to one endpoint: claimed by a deliverer with a lease (`lease_token`, `lease_until`; rows picked with
 * `FOR UPDATE SKIP LOCKED`), retried with exponential backoff until delivered or the retry window has passed.
 */
export const webhookDeliveries = pgTable("webhook_deliveries", {
  id: text("id").primaryKey(),
  eventId: text("event_id").notNull().references(() => webhookEvents.id, { onDelete: "cascade" }),
  endpointId: text("endpoint_id").notNull().references(() => webhookEndpoints.id, { onDelete: "cascade" }),
  status: webhookDeliveryStatus("status").notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  leaseToken: text("lease_token"),
  leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
  lastStatusCode: integer("last_status_code"),
  lastError: text("last_error"),
  createdAt,
  completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
}, (t) => [
  uniqueIndex("webhook_deliveries_event_endpoint_unique").on(t.eventId, t.endpointId),
  index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
  // A claim reads each endpoint's due deliveries, longest due first (endpoints take turns: deliverWebhooks).
  index("webhook_deliveries_endpoint_due_idx").on(t.endpointId, t.nextAttemptAt).where(sql`status = 'pending'`),
  index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
]);

/** Every attempt of a delivery: what the owner reads at `GET /api/v1/webhooks/{id}/deliveries`. */
export const webhookAttempts = pgTable("webhook_attempts", {
  id: text("id").primaryKey(),
  deliveryId: text("delivery_id").notNull().references(() => webhookDeliveries.id, { onDelete: "cascade" }),
  attempt: integer("attempt").notNull(),
  attemptedAt: timestamp("attempted_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  /** The receiver's HTTP status; null when no answer came (timeout, refused, address not allowed). */
  statusCode: integer("status_code"),
  latencyMs: integer("latency_ms").notNull(),
  error: text("error"),
}, (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attempt)]);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
