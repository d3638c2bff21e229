import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, errorResponses } from "../../http/openapi.js";
import { sendTestWebhook } from "../webhookOperations.js";
import { requireApiKey } from "../../http/requireApiKey.js";
import { toWebhookDeliveryResource, WebhookDeliverySchema } from "../webhookResource.js";
import { webhookSettings, type WebhookAppEnv } from "../webhookConfig.js";
import { WebhookIdParams } from "./webhookIdParam.js";

export const testWebhookRoute = createRoute({
  method: "post",
  path: "/api/v1/webhooks/{id}/test",
  tags: ["Webhooks"],
  summary: "Send the endpoint a `webhook.test` event now and answer how the attempt went",
  description: "Signed and delivered like every event (a failed test is retried like any delivery). The answer shows the "
    + "first attempt: `status_code`, `latency_ms`, `error`. One test of an endpoint at a time: while an earlier test is "
    + "still pending (being sent or waiting for a retry) the answer is 409 `CONFLICT` naming it.",
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
    const delivery = await sendTestWebhook(c.get("services").db, webhookSettings(c.get("config")), {
      accountId: c.get("auth").accountId, environment: c.get("config").SLUICE_ENVIRONMENT,
    }, id);
    return c.json({ ok: true as const, delivery: toWebhookDeliveryResource(delivery) }, 200);
  });
}
