import type { z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { SluiceError } from "../errors/SluiceError.js";
import { formatZodIssue } from "../errors/formatZodIssue.js";
import { newId } from "../ids/newId.js";
import { deliverWebhooks, type WebhookDeliverySettings } from "./deliverWebhooks.js";
import { emitWebhookEvents, WEBHOOK_TEST_EVENT } from "./webhookEvents.js";
import {
  createWebhookEndpoint, findWebhookEndpoint, listWebhookDeliveries, type WebhookDeliveryRow, type WebhookEndpointRow, type WebhookEnvironment,
} from "./webhookEndpoints.js";
import { CreateWebhookRequestSchema } from "./webhookResource.js";
import { checkWebhookUrl } from "./webhookUrl.js";

/**
 * The webhook operations behind both `/api/v1/webhooks…` and the dashboard's Webhooks page: the same checks, the
 * same scoping (an account's endpoints of one environment), the same errors.
 */
export type WebhookScope = { accountId: string; environment: WebhookEnvironment };
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequestSchema>;

/** Checks input that did not come through the API's validator (the dashboard's form): MALFORMED_REQUEST naming the field. */
export function parseCreateWebhookRequest(input: Record<string, unknown>): CreateWebhookRequest {
  const parsed = CreateWebhookRequestSchema.safeParse(input);
  if (!parsed.success) throw new SluiceError("MALFORMED_REQUEST", formatZodIssue(parsed.error.issues[0]!, { input }));
  return parsed.data;
}

/** Adds an endpoint: the URL checked against the delivery rules, events deduplicated; answers the secret (shown once). */
export async function addWebhookEndpoint(
  db: Database, settings: WebhookDeliverySettings, scope: WebhookScope, request: CreateWebhookRequest,
): Promise<WebhookEndpointRow & { secret: string }> {
  const url = await checkWebhookUrl(request.url, settings.policy);
  return createWebhookEndpoint(db, { ...scope, url, events: [...new Set(request.events)], signingKey: settings.signingKey });
}

/**
 * Sends the endpoint a `webhook.test` event now and answers the delivery after its first attempt. NOT_FOUND for
 * another account's (or environment's) endpoint; CONFLICT when it is disabled, or while an earlier test of it is still
 * pending (being sent, or waiting for a retry): each test holds a database connection while its receiver answers, and
 * is retried for a day, so tests of an endpoint that does not answer must not pile up, on it or on Sluice.
 */
export async function sendTestWebhook(
  db: Database, settings: WebhookDeliverySettings, { accountId, environment }: WebhookScope, id: string,
): Promise<WebhookDeliveryRow> {
  const endpoint = await findWebhookEndpoint(db, accountId, environment, id);
  if (endpoint.status !== "active") {
    throw new SluiceError("CONFLICT", `Webhook endpoint ${id} is disabled (${endpoint.disabledReason ?? "no reason recorded"}); create a new one`);
  }
  // The check and the new test's insert under a lock of the endpoint: concurrent tests cannot both find none pending.
  const deliveryId = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook_test:' || ${endpoint.id}))`);
    const pending = await tx.execute<{ id: string; next_attempt_at: string }>(sql`
      select d.id, d.next_attempt_at::text from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
      where d.endpoint_id = ${endpoint.id} and d.status = 'pending' and ev.type = ${WEBHOOK_TEST_EVENT}
      limit 1`);
    const earlier = pending.rows[0];
    if (earlier) {
      throw new SluiceError("CONFLICT",
        `An earlier test of webhook endpoint ${id} is still pending (delivery ${earlier.id}, next attempt at ${new Date(earlier.next_attempt_at).toISOString()}); `
        + `see GET /api/v1/webhooks/${id}/deliveries, and test again once it is delivered or given up`);
    }
    const [created] = await emitWebhookEvents(tx, [{
      type: WEBHOOK_TEST_EVENT, accountId, objectKey: newId("req"), endpointId: endpoint.id, environment,
      data: { webhook_id: endpoint.id, message: "A test event from Sluice: your endpoint receives and verifies webhooks." },
    }], { attemptNow: true });
    return created;
  });
  if (!deliveryId) throw new SluiceError("CONFLICT", `Webhook endpoint ${id} is not active`);
  await deliverWebhooks({ db, ...settings, deliveryIds: [deliveryId] });
  // Read by its id, within the endpoint found above (the account's): other events' deliveries written meanwhile, by
  // the hundred, do not hide it.
  const [delivery] = await listWebhookDeliveries(db, endpoint.id, 1, { deliveryId });
  // Deleted during the test (the delivery goes with its endpoint): as if it had not been there.
  if (!delivery) throw new SluiceError("NOT_FOUND", `Webhook endpoint ${id} was deleted during the test`);
  return delivery;
}
