import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  apiKeySecurity, authErrorCodes, centsNumber, errorResponses, listUsage, MONTH_PATTERN, requireApiKey, type AppEnv,
} from "@sluice/core";

const limitError = { error: "must be a whole number from 1 to 1000" };

export const UsageQuery = z.object({
  period: z.string().regex(MONTH_PATTERN, "must be a month as YYYY-MM").optional()
    .openapi({ description: "Only events that occurred in this UTC month", example: "2026-11" }),
  event_type: z.enum(["route", "solve"], { error: "must be route or solve" }).optional(),
  limit: z.coerce.number(limitError).int(limitError).min(1, limitError).max(1000, limitError).optional()
    .openapi({ description: "Events per page; default 100, maximum 1000", example: 100 }),
  cursor: z.string().min(1).max(512).optional()
    .openapi({ description: "`next_cursor` of the previous page, to read further back" }),
});

export const UsageEventSchema = z.object({
  id: z.string().openapi({ example: "evt_1m2n3p4q5r6s7t8v9w0x" }),
  event_type: z.enum(["route", "solve"]),
  chain: z.string().openapi({ example: "base" }),
  volume_usd: z.number().openapi({ description: "USD volume, rounded to cents", example: 1234.56 }),
  is_dry_run: z.boolean().openapi({ description: "Encode-only, not executed" }),
  is_test: z.boolean().openapi({ description: "Operator-marked test traffic" }),
  created_at: z.string().openapi({ description: "When the event occurred (ISO 8601, UTC)", example: "2026-11-03T14:05:00.000Z" }),
}).openapi("UsageEvent");

export const getUsageRoute = createRoute({
  method: "get",
  path: "/api/v1/usage",
  tags: ["Reporting"],
  summary: "The account's usage events, newest first",
  description: "`total_volume_usd` is the exact sum over every event matching the filters, not only this page.",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { query: UsageQuery },
  responses: {
    200: {
      description: "A page of events",
      content: {
        "application/json": {
          schema: z.object({
            ok: z.literal(true),
            events: z.array(UsageEventSchema),
            total_volume_usd: z.number().openapi({ description: "Sum over all matching events, rounded to cents" }),
            next_cursor: z.string().nullable().openapi({ description: "Pass as `cursor` for the next page; null on the last" }),
          }),
        },
      },
    },
    ...errorResponses(["MALFORMED_REQUEST", ...authErrorCodes]),
  },
});

export function registerGetUsage(app: OpenAPIHono<AppEnv>) {
  app.openapi(getUsageRoute, async (c) => {
    const query = c.req.valid("query");
    const result = await listUsage(c.get("services").db, {
      accountId: c.get("auth").accountId,
      period: query.period,
      eventType: query.event_type,
      limit: query.limit ?? 100,
      cursor: query.cursor,
    });
    return c.json({
      ok: true as const,
      events: result.events.map((e) => ({
        id: e.id,
        event_type: e.eventType,
        chain: e.chain,
        volume_usd: centsNumber(e.volumeUsd),
        is_dry_run: e.isDryRun,
        is_test: e.isTest,
        created_at: e.createdAt.toISOString(),
      })),
      total_volume_usd: centsNumber(result.totalVolumeUsd),
      next_cursor: result.nextCursor ?? null,
    }, 200);
  });
}
