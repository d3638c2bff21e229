import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { errorResponses, readIndexStatus, requireAdminToken } from "@sluice/core";
import { adminSecurity } from "./schemas.js";
import type { ReportingEnv } from "../env.js";

const IndexStatusSchema = z.object({
  chain: z.string(),
  phase: z.enum(["not-started", "discover", "load", "catchup", "ready"]),
  ready: z.boolean().openapi({ description: "Quotes on the chain are served (before that /route and /solve answer 503)" }),
  percent: z.number().openapi({ description: "Whole percent of the cold index done (100 once ready)" }),
  block: z.string().nullable().openapi({ description: "The block the current phase has reached" }),
  targetBlock: z.string().nullable().openapi({ description: "The block the current phase runs to" }),
  poolsFound: z.number(),
  poolsLoaded: z.number(),
  updatedAt: z.number().nullable().openapi({ description: "Unix ms of the last stored slice" }),
  message: z.string().openapi({ example: "base: index 42% (block 1234 of 2900)" }),
}).openapi("AdminIndexStatus");

export const indexStatusRoute = createRoute({
  tags: ["Admin"], security: adminSecurity, middleware: [requireAdminToken()],
  method: "get", path: "/admin/v1/index",
  summary: "Each configured chain's pool index: phase and progress of the cold index, or ready",
  responses: {
    200: { description: "One entry per configured chain", content: { "application/json": { schema: z.object({ ok: z.literal(true), chains: z.array(IndexStatusSchema) }) } } },
    ...errorResponses(["UNAUTHORIZED", "DEPENDENCY_DOWN"]),
  },
});

export function registerIndexStatusRoute(app: OpenAPIHono<ReportingEnv>) {
  app.openapi(indexStatusRoute, async (c) => {
    const chains = await readIndexStatus({ redis: c.get("services").redis, sluiceChains: c.get("config").SLUICE_CHAINS ?? "{}" });
    return c.json({ ok: true as const, chains }, 200);
  });
}
