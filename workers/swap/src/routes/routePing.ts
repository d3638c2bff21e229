import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "@sluice/core";

/**
 * `GET /api/v1/ping`: answers `{ ok: true }` and nothing else. The baseline the /route throughput benchmark measures
 * beside /route in the same run (same gateway, same worker, no work).
 */
export const pingRoute = createRoute({
  method: "get",
  path: "/api/v1/ping",
  tags: ["Swap"],
  summary: "Liveness of the swap worker",
  responses: { 200: { description: "Alive", content: { "application/json": { schema: z.object({ ok: z.literal(true) }) } } } },
});

export function registerRoutePing<E extends AppEnv>(app: OpenAPIHono<E>) {
  app.openapi(pingRoute, (c) => c.json({ ok: true as const }, 200));
}
