import { createApp, registerOpenApiDocument } from "@sluice/core";

/** Bridge: its endpoints are added by their own issues. */
const app = createApp();
registerOpenApiDocument(app, "Sluice bridge");

export default app;
