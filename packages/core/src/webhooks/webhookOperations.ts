import type { z } from "@hono/zod-openapi";
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
 * another account's (or environment's) endpoint; CONFLICT when it is disabled.
 */
export async function sendTestWebhook(
  db: Database, settings: WebhookDeliverySettings, { accountId, environment }: WebhookScope, id: string,
): Promise<WebhookDeliveryRow> {
  const endpoint = await findWebhookEndpoint(db, accountId, environment, id);
  if (endpoint.status !== "active") {
    throw new SluiceError("CONFLICT", `Webhook endpoint ${id} is disabled (${endpoint.disabledReason ?? "no reason recorded"}); create a new one`);
  }
  const [deliveryId] = await emitWebhookEvents(db, [{
    type: WEBHOOK_TEST_EVENT, accountId, objectKey: newId("req"), endpointId: endpoint.id, environment,
    data: { webhook_id: endpoint.id, message: "A test event from Sluice: your endpoint receives and verifies webhooks." },
  }], { attemptNow: true });
  if (!deliveryId) throw new SluiceError("CONFLICT", `Webhook endpoint ${id} is not active`);
  await deliverWebhooks({ db, ...settings, deliveryIds: [deliveryId] });
  const delivery = (await listWebhookDeliveries(db, endpoint.id, 50)).find((d) => d.id === deliveryId);
  if (!delivery) throw new SluiceError("INTERNAL", "The test delivery vanished");
  return delivery;
}
