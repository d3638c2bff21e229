import { createApp, publicCors, registerOpenApiDocument, sluiceConfigSchema } from "@sluice/core";
import { registerHealth } from "./routes/health.js";
import { registerForwardToSwap } from "./routes/forwardToSwap.js";
import { registerSandboxAccount } from "./routes/account.js";
import { registerSandboxUsage } from "./routes/usage.js";
import { registerSandboxRebates } from "./routes/rebates.js";
import type { SandboxEnv } from "./sandboxEnv.js";

/**
 * The sandbox at {sandbox_url}: real quotes and real calldata, nothing submitted, nothing recorded.
 * Sandbox keys only (SLUICE_ENVIRONMENT=sandbox), 300 requests per minute per key by default.
 */
const app = createApp<SandboxEnv>({ name: "sandbox", config: sluiceConfigSchema });
app.use("*", publicCors());
registerHealth(app);
registerForwardToSwap(app);
registerSandboxAccount(app);
registerSandboxUsage(app);
registerSandboxRebates(app);
registerOpenApiDocument(app, "Sluice sandbox");

export default app;
