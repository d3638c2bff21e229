import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  apiKeySecurity, authErrorCodes, centsNumber, errorResponses, finalizeAccountSolves, listUsage, requireApiKey, UsageEventSchema, UsageQuery, UsageTotalsSchema,
  type AppEnv,
} from "@sluice/core";

export const getUsageRoute = createRoute({
  method: "get",
  path: "/api/v1/usage",
  tags: ["Reporting"],
  summary: "The account's usage events, newest first",
  description: "`total_volume_usd` is the exact sum over every event matching the filters, not only this page: quotes, "
    + "dry runs and swaps alike. `totals_by_type` splits it by status; only `executed` solves (succeeded on chain, not "
    + "test traffic) earn rebates.",
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
            total_volume_usd: z.number().openapi({ description: "Sum over all matching events (quotes, dry runs and swaps alike), rounded to cents" }),
            totals_by_type: UsageTotalsSchema,
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
    const { db } = c.get("services");
    await finalizeAccountSolves({ db, sluiceChains: c.get("config").SLUICE_CHAINS, accountId: c.get("auth").accountId });
    const result = await listUsage(db, {
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
        status: e.status,
        tx_hash: e.txHash,
        created_at: e.createdAt.toISOString(),
      })),
      total_volume_usd: centsNumber(result.totalVolumeUsd),
      totals_by_type: Object.fromEntries(Object.entries(result.totalsByStatus).map(([status, usd]) => [status, centsNumber(usd)])) as Record<keyof typeof result.totalsByStatus, number>,
      next_cursor: result.nextCursor ?? null,
    }, 200);
  });
}
