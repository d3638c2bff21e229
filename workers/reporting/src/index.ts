import { createApp, registerOpenApiDocument, sluiceConfigSchema } from "@sluice/core";
import { registerGetAccount } from "./routes/account.js";
import { registerGetUsage } from "./routes/usage.js";
import { registerGetRebates } from "./routes/rebates.js";
import { registerAdminRoutes } from "./admin/index.js";
import { registerPages } from "./pages/index.js";
import { scheduled } from "./scheduled.js";

/** Reporting: the partner's account, usage and rebates; the operator's admin API; usage recording; settlement. */
const app = createApp({ name: "reporting", config: sluiceConfigSchema });
registerGetAccount(app);
registerGetUsage(app);
registerGetRebates(app);
registerAdminRoutes(app);
registerOpenApiDocument(app, "Sluice reporting");
registerPages(app);

/** The internal recording path, reached by other workers through a service binding with this entrypoint. */
export { UsageRecorder } from "./usageRecorder.js";

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<object>;
