import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ReportingEnv } from "../../env.js";
import { registerCreateWebhook } from "./createWebhook.js";
import { registerDeleteWebhook } from "./deleteWebhook.js";
import { registerListWebhookDeliveries } from "./listWebhookDeliveries.js";
import { registerListWebhooks } from "./listWebhooks.js";
import { registerTestWebhook } from "./testWebhook.js";

/** `/api/v1/webhooks…`: a key manages its own account's endpoints only. */
export function registerWebhookRoutes(app: OpenAPIHono<ReportingEnv>) {
  registerCreateWebhook(app);
  registerListWebhooks(app);
  registerDeleteWebhook(app);
  registerTestWebhook(app);
  registerListWebhookDeliveries(app);
}
