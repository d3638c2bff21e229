import { createApp, createIsolateCaches, registerOpenApiDocument } from "@sluice/core";
import { swapConfigSchema, type SwapBindings, type SwapEnv } from "./env.js";
import { registerConfirm } from "./routes/confirm.js";
import { registerHealth } from "./routes/health.js";
import { registerRoute } from "./routes/route.js";
import { registerRoutePing } from "./routes/routePing.js";
import { registerSolve } from "./routes/solve.js";
import { createScheduled } from "./scheduled.js";

/** Swap: `/route`, `/solve`, `/confirm` (and `/ping`); the cron keeps the pool graphs current. */
const caches = createIsolateCaches();
const app = createApp<SwapEnv>({ name: "swap", config: swapConfigSchema, caches });
registerRoute(app);
registerRoutePing(app);
registerSolve(app);
registerConfirm(app);
registerHealth(app);
registerOpenApiDocument(app, "Sluice swap");

export default { fetch: app.fetch, scheduled: createScheduled(caches) } satisfies ExportedHandler<SwapBindings>;
