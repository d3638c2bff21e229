import type { OpenAPIHono } from "@hono/zod-openapi";
import { getRebatesRoute, type AppEnv } from "@sluice/core";

/** Production's route (the same parameters, validated the same way), and never a row. */
export const sandboxRebatesRoute = { ...getRebatesRoute, tags: ["Sandbox"], summary: "Always empty: the sandbox records no volume" };

export function registerSandboxRebates<E extends AppEnv>(app: OpenAPIHono<E>) {
  app.openapi(sandboxRebatesRoute, (c) => c.json({ ok: true as const, rebates: [] }, 200));
}
