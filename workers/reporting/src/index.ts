import { createApp, registerOpenApiDocument } from "@sluice/core";
import { registerGetAccount } from "./routes/account.js";
import { registerAdminRoutes } from "./admin/index.js";

/** Reporting: the partner's account, usage and rebates; the operator's admin API. */
const app = createApp();
registerGetAccount(app);
registerAdminRoutes(app);
registerOpenApiDocument(app, "Sluice reporting");

export default app;
