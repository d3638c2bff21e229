import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { errorResponses, readDeadLetterEntry, replayDeadLetteredUsage, requireAdminToken, USAGE_DEAD_LETTER_KEY } from "@sluice/core";
import { adminSecurity } from "./schemas.js";
import type { ReportingEnv } from "../env.js";

export const listDeadLettersRoute = createRoute({
  tags: ["Admin"], security: adminSecurity, middleware: [requireAdminToken()],
  method: "get", path: "/admin/v1/usage/outbox/dead",
  summary: "Usage events the outbox's drain parked because Postgres refused them for good, with the reason",
  responses: {
    200: {
      description: "The parked events",
      content: {
        "application/json": {
          schema: z.object({
            ok: z.literal(true),
            events: z.array(z.object({ id: z.string(), reason: z.string(), event: z.record(z.string(), z.unknown()) })),
          }),
        },
      },
    },
    ...errorResponses(["UNAUTHORIZED", "DEPENDENCY_DOWN"]),
  },
});

export const ReplayDeadLettersBody = z.object({
  ids: z.array(z.string().min(1)).max(1000).optional().openapi({ description: "Only these events; default: every parked one" }),
}).strict();

export const replayDeadLettersRoute = createRoute({
  tags: ["Admin"], security: adminSecurity, middleware: [requireAdminToken()],
  method: "post", path: "/admin/v1/usage/outbox/dead/replay",
  summary: "Put parked usage events back into the outbox once what refused them is mended (the next drain writes them)",
  request: { body: { required: false, content: { "application/json": { schema: ReplayDeadLettersBody } } } },
  responses: {
    200: { description: "How many went back", content: { "application/json": { schema: z.object({ ok: z.literal(true), replayed: z.number() }) } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNAUTHORIZED", "DEPENDENCY_DOWN"]),
  },
});

export function registerDeadLetterRoutes(app: OpenAPIHono<ReportingEnv>) {
  app.openapi(listDeadLettersRoute, async (c) => {
    const parked = (await c.get("services").redis.hgetall<Record<string, unknown>>(USAGE_DEAD_LETTER_KEY)) ?? {};
    const events = Object.entries(parked).map(([id, value]) => {
      const { event, reason } = readDeadLetterEntry(value);
      return { id, reason, event };
    });
    return c.json({ ok: true as const, events }, 200);
  });
  app.openapi(replayDeadLettersRoute, async (c) => {
    const body = c.req.valid("json") ?? {};
    return c.json({ ok: true as const, ...(await replayDeadLetteredUsage({ redis: c.get("services").redis, ids: body.ids })) }, 200);
  });
}
