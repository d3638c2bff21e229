import { createInlineDeliveries, createIsolateCaches, sluiceConfigSchema } from "@sluice/core";
import gateway from "@sluice/worker-gateway/src/index.js";
import tokens from "@sluice/worker-tokens/src/index.js";
import bridge from "@sluice/worker-bridge/src/index.js";
import { bridgeConfigSchema } from "@sluice/worker-bridge/src/bridgeEnv.js";
import { createSwapApp } from "@sluice/worker-swap/src/createSwapApp.js";
import { createScheduled } from "@sluice/worker-swap/src/scheduled.js";
import { swapConfigSchema } from "@sluice/worker-swap/src/env.js";
import { createReportingApp } from "@sluice/worker-reporting/src/createReportingApp.js";
import { scheduled as reportingScheduled } from "@sluice/worker-reporting/src/scheduled.js";
import { createOutboxWatch, createUsageRecording } from "@sluice/worker-reporting/src/usageRecording.js";
import { reportingConfigSchema } from "@sluice/worker-reporting/src/env.js";
import sandbox from "@sluice/worker-sandbox/src/index.js";
import { sandboxConfigSchema } from "@sluice/worker-sandbox/src/sandboxEnv.js";
import type { z } from "zod";

type Env = Record<string, unknown>;

/** One deployment as the Node host runs it: its wrangler configuration, settings schema, and handlers. */
export type NodeHostArea = {
  /** Its `wrangler.toml`, relative to the repository: vars, required secrets, crons, service bindings. */
  config: string;
  /** Its settings schema (the worker's own); the gateway has no settings. */
  schema?: z.ZodObject;
  fetch: (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;
  scheduled?: (controller: ScheduledController, env: Env, ctx: ExecutionContext) => unknown;
  /** Named entrypoints other deployments bind to (`[[services]] entrypoint`), built from this area's environment. */
  entrypoints?: Record<string, (env: Env, ctx: ExecutionContext) => object>;
};

/**
 * Every deployment of `pnpm dev` / production, built from the workers' own code: the public entry and its four
 * areas, and the sandbox with its own swap deployment (sandbox settings, no relayer keys, no recorder). Each area
 * has caches of its own, as each isolate has.
 */
export function nodeHostAreas(): NodeHostArea[] {
  const swapCaches = createIsolateCaches();
  const swap = createSwapApp({ caches: swapCaches });
  const sandboxSwap = createSwapApp({ caches: createIsolateCaches() });
  const reporting = createReportingApp();
  const outboxWatch = createOutboxWatch();
  const inline = createInlineDeliveries();
  return [
    { config: "wrangler.toml", fetch: (request, env, ctx) => gateway.fetch(request, env, ctx) },
    {
      config: "workers/swap/wrangler.toml", schema: swapConfigSchema,
      fetch: (request, env, ctx) => swap.fetch(request, env, ctx),
      scheduled: (controller, env, ctx) => createScheduled(swapCaches)(controller, env, ctx),
    },
    { config: "workers/tokens/wrangler.toml", schema: sluiceConfigSchema, fetch: (request, env, ctx) => tokens.fetch(request, env, ctx) },
    {
      config: "workers/reporting/wrangler.toml", schema: reportingConfigSchema,
      fetch: (request, env, ctx) => reporting.fetch(request, env, ctx),
      scheduled: (controller, env) => reportingScheduled(controller, env),
      entrypoints: { UsageRecorder: (env, ctx) => createUsageRecording({ bindings: env, waitUntil: (work) => ctx.waitUntil(work), outboxWatch, inline }) },
    },
    {
      config: "workers/bridge/wrangler.toml", schema: bridgeConfigSchema,
      fetch: (request, env, ctx) => bridge.fetch(request, env, ctx),
      scheduled: (controller, env, ctx) => bridge.scheduled(controller, env, ctx),
    },
    { config: "workers/swap/wrangler.sandbox.toml", schema: swapConfigSchema, fetch: (request, env, ctx) => sandboxSwap.fetch(request, env, ctx) },
    { config: "workers/sandbox/wrangler.toml", schema: sandboxConfigSchema, fetch: (request, env, ctx) => sandbox.fetch(request, env, ctx) },
  ];
}
