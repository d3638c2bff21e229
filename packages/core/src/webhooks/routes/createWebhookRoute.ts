import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, errorResponses } from "../../http/openapi.js";
import { checkWebhookUrl } from "../webhookUrl.js";
import { createWebhookEndpoint } from "../webhookEndpoints.js";
import { CreateWebhookRequestSchema, toWebhookEndpointResource, WebhookEndpointSchema } from "../webhookResource.js";
import { requireApiKey } from "../../http/requireApiKey.js";
import { webhookSettings, type WebhookAppEnv } from "../webhookConfig.js";

export const createWebhookRoute = createRoute({
  method: "post",
  path: "/api/v1/webhooks",
  tags: ["Webhooks"],
  summary: "Add a webhook endpoint; the answer carries its signing secret, shown only this once",
  description: "Events are `POST`ed as JSON `{id, type, created_at, data}` (`data`: the object as the API answers it), "
    + "signed `X-Sluice-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, \"<t>.<body>\")>`, with `X-Sluice-Event-Id`. "
    + "Delivery is at least once: a non-2xx answer, a redirect or no answer within 10 s is retried with exponential "
    + "backoff for 24 hours; deduplicate by event id. An endpoint whose attempts all fail for 24 hours is disabled.",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { body: { required: true, content: { "application/json": { schema: CreateWebhookRequestSchema } } } },
  responses: {
    200: {
      description: "The endpoint and its signing secret",
      content: {
        "application/json": {
          schema: z.object({
            ok: z.literal(true),
            webhook: WebhookEndpointSchema.extend({
              secret: z.string().openapi({ description: "The signing secret (`whsec_…`); store it now, it is never shown again" }),
            }),
          }),
        },
      },
    },
    ...errorResponses(["MALFORMED_REQUEST", "CONFLICT", "UPSTREAM_ERROR", ...authErrorCodes]),
  },
});

export function registerCreateWebhook<E extends WebhookAppEnv>(app: OpenAPIHono<E>) {
  app.openapi(createWebhookRoute, async (c) => {
    const body = c.req.valid("json");
    const settings = webhookSettings(c.get("config"));
    const url = await checkWebhookUrl(body.url, settings.policy);
    const created = await createWebhookEndpoint(c.get("services").db, {
      accountId: c.get("auth").accountId, environment: c.get("config").SLUICE_ENVIRONMENT, url, events: [...new Set(body.events)], signingKey: settings.signingKey,
    });
    return c.json({ ok: true as const, webhook: { ...toWebhookEndpointResource(created), secret: created.secret } }, 200);
  });
}
