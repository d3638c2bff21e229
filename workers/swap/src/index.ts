import { createApp, registerOpenApiDocument } from "@sluice/core";
import { registerConfirm } from "./routes/confirm.js";
import { registerSolve } from "./routes/solve.js";

/** Swap: its endpoints are added by their own issues. */
const app = createApp();
registerSolve(app);
registerConfirm(app);
registerOpenApiDocument(app, "Sluice swap");

export default app;
