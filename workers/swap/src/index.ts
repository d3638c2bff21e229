import { createApp, registerOpenApiDocument } from "@sluice/core";

/** Swap: its endpoints are added by their own issues. */
const app = createApp();
registerOpenApiDocument(app, "Sluice swap");

export default app;
