import { createApp, registerOpenApiDocument } from "@sluice/core";
import { registerConfirm } from "./routes/confirm.js";
import { registerSolve } from "./routes/solve.js";
import { registerRoute, type RouteBindings } from "./routes/route.js";
import { refreshRouteGraphs } from "./routes/routeGraphCron.js";
import { registerRoutePing } from "./routes/routePing.js";

/** Swap: its endpoints are added by their own issues. */
const app = createApp();
registerRoute(app);
registerRoutePing(app);
registerSolve(app);
registerConfirm(app);
registerOpenApiDocument(app, "Sluice swap");

/** The cron (wrangler.toml `[triggers]`): keeps every chain's indexed pool graph current. */
const scheduled: ExportedHandlerScheduledHandler<RouteBindings> = (_controller, env, ctx) => {
  ctx.waitUntil(refreshRouteGraphs(env));
};

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<RouteBindings>;
