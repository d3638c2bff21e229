import { z } from "@hono/zod-openapi";
import { WEBHOOK_EVENT_TYPES } from "./webhookEvents.js";
import type { WebhookDeliveryRow, WebhookEndpointRow } from "./webhookEndpoints.js";

/** The request and answer shapes of `/api/v1/webhooks` (OpenAPI components). */
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` })
  .openapi("WebhookEventType");

export const CreateWebhookRequestSchema = z.object({
  url: z.string({ error: "must be an https URL" }).min(1).max(2048).openapi({
    description: "Where events are posted: `https` on a public address (private, loopback, link-local, CGNAT, ULA and "
      + "IPv4-mapped targets are refused, also after DNS resolution). Redirects are not followed.",
    example: "https://partner.example/hooks/sluice",
  }),
  events: z.array(WebhookEventTypeSchema).min(1, "must name at least one event type").max(WEBHOOK_EVENT_TYPES.length * 2)
    .openapi({ description: "Event types to receive", example: ["swap.executed", "bridge.filled"] }),
}).strict().openapi("CreateWebhookRequest");

export const WebhookEndpointSchema = z.object({
  id: z.string().openapi({ example: "whk_3k9x0m2n4p6q8r0s2t4v" }),
  url: z.string(),
  events: z.array(WebhookEventTypeSchema),
  status: z.enum(["active", "disabled"]).openapi({ description: "`disabled` after every attempt failed for 24 hours; `disabled_reason` says why" }),
  disabled_reason: z.string().nullable(),
  disabled_at: z.string().nullable(),
  failing_since: z.string().nullable().openapi({ description: "First failed attempt since the last success (ISO 8601); null while healthy" }),
  created_at: z.string(),
}).openapi("WebhookEndpoint");

export const WebhookAttemptSchema = z.object({
  attempt: z.number().int(),
  attempted_at: z.string(),
  status_code: z.number().int().nullable().openapi({ description: "The receiver's HTTP status; null when it did not answer" }),
  latency_ms: z.number().int(),
  error: z.string().nullable().openapi({ description: "Why the attempt failed; null when it succeeded (2xx)" }),
}).openapi("WebhookAttempt");

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string().openapi({ description: "Also sent as `X-Sluice-Event-Id`: the same event is never sent under another id" }),
  event_type: z.string(),
  status: z.enum(["pending", "delivered", "failed"]).openapi({ description: "`failed`: not delivered within 24 hours, or the endpoint was disabled" }),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  attempts: z.array(WebhookAttemptSchema),
}).openapi("WebhookDelivery");

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toWebhookEndpointResource(e: WebhookEndpointRow): z.infer<typeof WebhookEndpointSchema> {
  return {
    id: e.id, url: e.url, events: e.events as z.infer<typeof WebhookEventTypeSchema>[], status: e.status,
    disabled_reason: e.disabledReason, disabled_at: iso(e.disabledAt), failing_since: iso(e.failingSince), created_at: e.createdAt.toISOString(),
  };
}

export function toWebhookDeliveryResource(d: WebhookDeliveryRow): z.infer<typeof WebhookDeliverySchema> {
  return {
    id: d.id, event_id: d.eventId, event_type: d.eventType, status: d.status, next_attempt_at: iso(d.nextAttemptAt),
    last_status_code: d.lastStatusCode, last_error: d.lastError, created_at: d.createdAt.toISOString(), completed_at: iso(d.completedAt),
    attempts: d.attemptLog.map((a) => ({
      attempt: a.attempt, attempted_at: a.attemptedAt.toISOString(), status_code: a.statusCode, latency_ms: a.latencyMs, error: a.error,
    })),
  };
}
