import { createApp, registerOpenApiDocument, swapFailureFields, type IsolateCaches } from "@sluice/core";
import { swapConfigSchema, type SwapEnv } from "./env.js";
import { registerConfirm } from "./routes/confirm.js";
import { registerHealth } from "./routes/health.js";
import { registerRoute } from "./routes/route.js";
import { registerRoutePing } from "./routes/routePing.js";
import { registerSolve } from "./routes/solve.js";

export type CreateSwapAppParameters = { caches: IsolateCaches };

/** Swap: `/route`, `/solve`, `/confirm` (and `/ping`), served by Workers (`index.ts`) or the Node host. */
export function createSwapApp({ caches }: CreateSwapAppParameters) {
  const app = createApp<SwapEnv>({ name: "swap", config: swapConfigSchema, caches, failureFields: swapFailureFields });
  registerRoute(app);
  registerRoutePing(app);
  registerSolve(app);
  registerConfirm(app);
  registerHealth(app);
  registerOpenApiDocument(app, "Sluice swap");
  return app;
}
