import { createApp, registerWebhookRoutes, swapFailureFields } from "@sluice/core";
import { registerHealth } from "./routes/health.js";
import { registerForwardToSwap } from "./routes/forwardToSwap.js";
import { registerSandboxAccount } from "./routes/account.js";
import { registerSandboxUsage } from "./routes/usage.js";
import { registerSandboxRebates } from "./routes/rebates.js";
import { registerSandboxOpenApiDocument } from "./routes/openApiDocument.js";
import { sandboxConfigSchema, type SandboxEnv } from "./sandboxEnv.js";

/**
 * The sandbox at {sandbox_url}: real quotes and real calldata, nothing submitted, nothing recorded; webhooks of its
 * own (sandbox keys manage sandbox endpoints, which hear of the sandbox's dry-run solves).
 * Sandbox keys only (SLUICE_ENVIRONMENT=sandbox), 300 requests per minute per key by default.
 */
// Every answer of the sandbox host carries CORS headers (`/health` and its documents too). Failures of /route and /solve
// the sandbox answers itself (the body limit, its settings) carry the swap's failure fields as the swap's own do.
const app = createApp<SandboxEnv>({ name: "sandbox", config: sandboxConfigSchema, corsPaths: "*", failureFields: swapFailureFields });
registerHealth(app);
registerForwardToSwap(app);
registerSandboxAccount(app);
registerSandboxUsage(app);
registerSandboxRebates(app);
registerWebhookRoutes(app);
registerSandboxOpenApiDocument(app);

export default app;
