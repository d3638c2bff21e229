import { createIsolateCaches } from "@sluice/core";
import type { SwapBindings } from "./env.js";
import { createSwapApp } from "./createSwapApp.js";
import { createScheduled } from "./scheduled.js";

/** Swap: `/route`, `/solve`, `/confirm` (and `/ping`); the cron keeps the pool graphs current. */
const caches = createIsolateCaches();
const app = createSwapApp({ caches });

export default { fetch: app.fetch, scheduled: createScheduled(caches) } satisfies ExportedHandler<SwapBindings>;
