import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  apiKeySecurity, authErrorCodes, errorResponses, listWebhookEndpoints, requireApiKey, toWebhookEndpointResource, WebhookEndpointSchema,
} from "@sluice/core";
import type { ReportingEnv } from "../../env.js";

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

export function registerListWebhooks(app: OpenAPIHono<ReportingEnv>) {
  app.openapi(listWebhooksRoute, async (c) => {
    const endpoints = await listWebhookEndpoints(c.get("services").db, c.get("auth").accountId);
    return c.json({ ok: true as const, webhooks: endpoints.map(toWebhookEndpointResource) }, 200);
  });
}
