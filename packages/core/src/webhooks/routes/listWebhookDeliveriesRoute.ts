import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, errorResponses } from "../../http/openapi.js";
import { findWebhookEndpoint, listWebhookDeliveries } from "../webhookEndpoints.js";
import { requireApiKey } from "../../http/requireApiKey.js";
import { toWebhookDeliveryResource, WebhookDeliverySchema } from "../webhookResource.js";
import type { WebhookAppEnv } from "../webhookConfig.js";
import { WebhookIdParams } from "./webhookIdParam.js";

const limitError = { error: "must be a whole number from 1 to 100" };

export const listWebhookDeliveriesRoute = createRoute({
  method: "get",
  path: "/api/v1/webhooks/{id}/deliveries",
  tags: ["Webhooks"],
  summary: "The endpoint's most recent deliveries, newest first, with every attempt (status code, latency, error)",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: {
    params: WebhookIdParams,
    query: z.object({
      limit: z.string().regex(/^[1-9]\d{0,2}$/, limitError).transform(Number).pipe(z.number().max(100, limitError)).optional()
        .openapi({ description: "Deliveries to answer; default 50, maximum 100", example: "50" }),
    }),
  },
  responses: {
    200: {
      description: "Deliveries",
      content: { "application/json": { schema: z.object({ ok: z.literal(true), deliveries: z.array(WebhookDeliverySchema) }) } },
    },
    ...errorResponses(["MALFORMED_REQUEST", "NOT_FOUND", ...authErrorCodes]),
  },
});

export function registerListWebhookDeliveries<E extends WebhookAppEnv>(app: OpenAPIHono<E>) {
  app.openapi(listWebhookDeliveriesRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.get("services");
    const endpoint = await findWebhookEndpoint(db, c.get("auth").accountId, c.get("config").SLUICE_ENVIRONMENT, id);
    const deliveries = await listWebhookDeliveries(db, endpoint.id, c.req.valid("query").limit ?? 50);
    return c.json({ ok: true as const, deliveries: deliveries.map(toWebhookDeliveryResource) }, 200);
  });
}
