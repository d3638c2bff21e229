import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, errorResponses } from "../../http/openapi.js";
import { deliverWebhooks } from "../deliverWebhooks.js";
import { emitWebhookEvents, WEBHOOK_TEST_EVENT } from "../webhookEvents.js";
import { findWebhookEndpoint, listWebhookDeliveries } from "../webhookEndpoints.js";
import { newId } from "../../ids/newId.js";
import { requireApiKey } from "../../http/requireApiKey.js";
import { SluiceError } from "../../errors/SluiceError.js";
import { toWebhookDeliveryResource, WebhookDeliverySchema } from "../webhookResource.js";
import { webhookSettings, type WebhookAppEnv } from "../webhookConfig.js";
import { WebhookIdParams } from "./webhookIdParam.js";

export const testWebhookRoute = createRoute({
  method: "post",
  path: "/api/v1/webhooks/{id}/test",
  tags: ["Webhooks"],
  summary: "Send the endpoint a `webhook.test` event now and answer how the attempt went",
  description: "Signed and delivered like every event (a failed test is retried like any delivery). The answer shows the "
    + "first attempt: `status_code`, `latency_ms`, `error`.",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { params: WebhookIdParams },
  responses: {
    200: {
      description: "The test delivery after its first attempt",
      content: { "application/json": { schema: z.object({ ok: z.literal(true), delivery: WebhookDeliverySchema }) } },
    },
    ...errorResponses(["NOT_FOUND", "CONFLICT", ...authErrorCodes]),
  },
});

export function registerTestWebhook<E extends WebhookAppEnv>(app: OpenAPIHono<E>) {
  app.openapi(testWebhookRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.get("services");
    const accountId = c.get("auth").accountId;
    const environment = c.get("config").SLUICE_ENVIRONMENT;
    const endpoint = await findWebhookEndpoint(db, accountId, environment, id);
    if (endpoint.status !== "active") {
      throw new SluiceError("CONFLICT", `Webhook endpoint ${id} is disabled (${endpoint.disabledReason ?? "no reason recorded"}); create a new one`);
    }
    const [deliveryId] = await emitWebhookEvents(db, [{
      type: WEBHOOK_TEST_EVENT, accountId, objectKey: newId("req"), endpointId: endpoint.id, environment,
      data: { webhook_id: endpoint.id, message: "A test event from Sluice: your endpoint receives and verifies webhooks." },
    }], { attemptNow: true });
    if (!deliveryId) throw new SluiceError("CONFLICT", `Webhook endpoint ${id} is not active`);
    await deliverWebhooks({ db, ...webhookSettings(c.get("config")), deliveryIds: [deliveryId] });
    const delivery = (await listWebhookDeliveries(db, endpoint.id, 50)).find((d) => d.id === deliveryId);
    if (!delivery) throw new SluiceError("INTERNAL", "The test delivery vanished");
    return c.json({ ok: true as const, delivery: toWebhookDeliveryResource(delivery) }, 200);
  });
}
