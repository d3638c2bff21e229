import { createApp, registerOpenApiDocument, registerWebhookRoutes } from "@sluice/core";
import { reportingConfigSchema, type ReportingEnv } from "./env.js";
import { registerGetAccount } from "./routes/account.js";
import { registerGetUsage } from "./routes/usage.js";
import { registerGetRebates } from "./routes/rebates.js";
import { registerAdminRoutes } from "./admin/index.js";
import { registerPages } from "./pages/index.js";

/**
 * Reporting: the partner's account, usage, rebates and webhooks; the operator's admin API; the pages. Served by
 * Workers (`index.ts`) or the Node host.
 */
export function createReportingApp() {
  const app = createApp<ReportingEnv>({ name: "reporting", config: reportingConfigSchema });
  registerGetAccount(app);
  registerGetUsage(app);
  registerGetRebates(app);
  registerWebhookRoutes(app);
  registerAdminRoutes(app);
  registerOpenApiDocument(app, "Sluice reporting");
  registerPages(app);
  return app;
}
