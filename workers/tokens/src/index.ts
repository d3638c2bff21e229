import { createApp, registerOpenApiDocument } from "@sluice/core";

/** Tokens: its endpoints are added by their own issues. */
const app = createApp();
registerOpenApiDocument(app, "Sluice tokens");

export default app;
