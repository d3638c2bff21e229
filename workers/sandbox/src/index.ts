import { createApp, registerOpenApiDocument } from "@sluice/core";
import { registerHealth } from "./routes/health.js";

/** The sandbox at {sandbox_url}: real quotes and real calldata, nothing submitted, nothing recorded. */
const app = createApp();
registerHealth(app);
registerOpenApiDocument(app, "Sluice sandbox");

export default app;
