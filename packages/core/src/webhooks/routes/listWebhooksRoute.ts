import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, errorResponses } from "../../http/openapi.js";
import { listWebhookEndpoints } from "../webhookEndpoints.js";
import { requireApiKey } from "../../http/requireApiKey.js";
import { toWebhookEndpointResource, WebhookEndpointSchema } from "../webhookResource.js";
import type { WebhookAppEnv } from "../webhookConfig.js";

export const listWebhooksRoute = createRoute({
  method: "get",
  path: "/api/v1/webhooks",
  tags: ["Webhooks"],
  summary: "The account's webhook endpoints, newest first (secrets are never shown again)",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  responses: {
    200: {
      description: "Endpoints",
      content: { "application/json": { schema: z.object({ ok: z.literal(true), webhooks: z.array(WebhookEndpointSchema) }) } },
    },
    ...errorResponses(authErrorCodes),
  },
});

export function registerListWebhooks<E extends WebhookAppEnv>(app: OpenAPIHono<E>) {
  app.openapi(listWebhooksRoute, async (c) => {
    const endpoints = await listWebhookEndpoints(c.get("services").db, c.get("auth").accountId, c.get("config").SLUICE_ENVIRONMENT);
    return c.json({ ok: true as const, webhooks: endpoints.map(toWebhookEndpointResource) }, 200);
  });
}
