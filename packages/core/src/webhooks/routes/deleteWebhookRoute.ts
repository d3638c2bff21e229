import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, errorResponses } from "../../http/openapi.js";
import { deleteWebhookEndpoint } from "../webhookEndpoints.js";
import { requireApiKey } from "../../http/requireApiKey.js";
import type { WebhookAppEnv } from "../webhookConfig.js";
import { WebhookIdParams } from "./webhookIdParam.js";

export const deleteWebhookRoute = createRoute({
  method: "delete",
  path: "/api/v1/webhooks/{id}",
  tags: ["Webhooks"],
  summary: "Delete a webhook endpoint; nothing more is sent to it",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { params: WebhookIdParams },
  responses: {
    200: { description: "Deleted", content: { "application/json": { schema: z.object({ ok: z.literal(true), deleted: z.string() }) } } },
    ...errorResponses(["NOT_FOUND", ...authErrorCodes]),
  },
});

export function registerDeleteWebhook<E extends WebhookAppEnv>(app: OpenAPIHono<E>) {
  app.openapi(deleteWebhookRoute, async (c) => {
    const { id } = c.req.valid("param");
    await deleteWebhookEndpoint(c.get("services").db, c.get("auth").accountId, c.get("config").SLUICE_ENVIRONMENT, id);
    return c.json({ ok: true as const, deleted: id }, 200);
  });
}
