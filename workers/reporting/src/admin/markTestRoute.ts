import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { errorResponses, longQueries, markEventsAsTest, requireAdminToken } from "@sluice/core";
import { AccountParam, MarkTestBody, adminSecurity } from "./schemas.js";
import type { ReportingEnv } from "../env.js";

export const markTestRoute = createRoute({
  tags: ["Admin"], security: adminSecurity, middleware: [requireAdminToken(), longQueries()],
  method: "post", path: "/admin/v1/accounts/{account}/events/mark-test",
  summary: "Mark an account's usage events as test traffic (by ids or a time range)",
  description: "`isTest: false` un-marks: an event recorded with a test key stays test. Executed solves of a settled month are refused (409): they were paid, or kept out as test. Its other events (quotes, encode-only or pending solves, failed ones) never counted there and are marked.",
  request: { params: AccountParam, body: { required: true, content: { "application/json": { schema: MarkTestBody } } } },
  responses: {
    200: { description: "How many events changed", content: { "application/json": { schema: z.object({ ok: z.literal(true), updated: z.number() }) } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNAUTHORIZED", "NOT_FOUND", "CONFLICT"]),
  },
});

export function registerMarkTest(app: OpenAPIHono<ReportingEnv>) {
  app.openapi(markTestRoute, async (c) => {
    const body = c.req.valid("json");
    const result = await markEventsAsTest(c.get("services").db, {
      account: c.req.valid("param").account,
      eventIds: body.eventIds,
      from: body.from ? new Date(body.from) : undefined,
      to: body.to ? new Date(body.to) : undefined,
      isTest: body.isTest,
    });
    return c.json({ ok: true as const, ...result }, 200);
  });
}
