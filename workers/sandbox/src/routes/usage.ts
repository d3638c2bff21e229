import type { OpenAPIHono } from "@hono/zod-openapi";
import { getUsageRoute, type AppEnv } from "@sluice/core";

/** Production's route (the same parameters, validated the same way), and never anything to report. */
export const sandboxUsageRoute = { ...getUsageRoute, tags: ["Sandbox"], summary: "Always empty: the sandbox records no usage" };

export function registerSandboxUsage<E extends AppEnv>(app: OpenAPIHono<E>) {
  app.openapi(sandboxUsageRoute, (c) => c.json({
    ok: true as const, events: [], total_volume_usd: 0,
    totals_by_type: { quoted: 0, encoded: 0, pending: 0, executed: 0, failed: 0 }, next_cursor: null,
  }, 200));
}
