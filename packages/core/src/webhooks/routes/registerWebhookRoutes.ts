import type { OpenAPIHono } from "@hono/zod-openapi";
import type { WebhookAppEnv } from "../webhookConfig.js";
import { registerCreateWebhook } from "./createWebhookRoute.js";
import { registerDeleteWebhook } from "./deleteWebhookRoute.js";
import { registerListWebhookDeliveries } from "./listWebhookDeliveriesRoute.js";
import { registerListWebhooks } from "./listWebhooksRoute.js";
import { registerTestWebhook } from "./testWebhookRoute.js";

/**
 * `/api/v1/webhooks…`, shared by production (the reporting worker) and the sandbox: a key manages its own account's
 * endpoints of its own environment only (another account's, or the other environment's, answer like unknown ones).
 */
export function registerWebhookRoutes<E extends WebhookAppEnv>(app: OpenAPIHono<E>) {
  registerCreateWebhook(app);
  registerListWebhooks(app);
  registerDeleteWebhook(app);
  registerTestWebhook(app);
  registerListWebhookDeliveries(app);
}
