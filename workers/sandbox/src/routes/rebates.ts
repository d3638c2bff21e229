import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, errorResponses, RebateSchema, RebatesQuery, requireApiKey, type AppEnv } from "@sluice/core";

export const sandboxRebatesRoute = createRoute({
  method: "get",
  path: "/api/v1/rebates",
  tags: ["Sandbox"],
  summary: "Always empty: the sandbox records no volume",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { query: RebatesQuery },
  responses: {
    200: { description: "No rows", content: { "application/json": { schema: z.object({ ok: z.literal(true), rebates: z.array(RebateSchema) }) } } },
    ...errorResponses(["MALFORMED_REQUEST", ...authErrorCodes]),
  },
});

export function registerSandboxRebates<E extends AppEnv>(app: OpenAPIHono<E>) {
  app.openapi(sandboxRebatesRoute, (c) => c.json({ ok: true as const, rebates: [] }, 200));
}
