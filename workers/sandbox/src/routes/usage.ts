import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, errorResponses, requireApiKey, UsageEventSchema, UsageQuery, UsageTotalsSchema, type AppEnv } from "@sluice/core";

export const sandboxUsageRoute = createRoute({
  method: "get",
  path: "/api/v1/usage",
  tags: ["Sandbox"],
  summary: "Always empty: the sandbox records no usage",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { query: UsageQuery },
  responses: {
    200: { description: "No events", content: { "application/json": { schema: z.object({
      ok: z.literal(true), events: z.array(UsageEventSchema), total_volume_usd: z.number(), totals_by_type: UsageTotalsSchema, next_cursor: z.null(),
    }) } } },
    ...errorResponses(["MALFORMED_REQUEST", ...authErrorCodes]),
  },
});

/** The same parameters as production (validated the same way), and never anything to report. */
export function registerSandboxUsage<E extends AppEnv>(app: OpenAPIHono<E>) {
  app.openapi(sandboxUsageRoute, (c) => c.json({
    ok: true as const, events: [], total_volume_usd: 0,
    totals_by_type: { quoted: 0, encoded: 0, pending: 0, executed: 0, failed: 0 }, next_cursor: null,
  }, 200));
}
