import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  apiKeySecurity, authErrorCodes, errorResponses, exactNumber, finalizeAccountSolves, listRebates, periodStartTimestamp, RebateSchema,
  RebatesQuery, requireApiKey, type AppEnv,
} from "@sluice/core";

export const getRebatesRoute = createRoute({
  method: "get",
  path: "/api/v1/rebates",
  tags: ["Reporting"],
  summary: "The account's monthly rebate ledger, newest month first",
  description: "Months not settled yet are `accrued` and follow the volume as it arrives, at the current rates; " +
    "settlement on the first day of the next month (UTC) freezes them as `paid`.",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { query: RebatesQuery },
  responses: {
    200: {
      description: "Ledger rows",
      content: { "application/json": { schema: z.object({ ok: z.literal(true), rebates: z.array(RebateSchema) }) } },
    },
    ...errorResponses(["MALFORMED_REQUEST", ...authErrorCodes]),
  },
});

export function registerGetRebates(app: OpenAPIHono<AppEnv>) {
  app.openapi(getRebatesRoute, async (c) => {
    const { db } = c.get("services");
    await finalizeAccountSolves({ db, sluiceChains: c.get("config").SLUICE_CHAINS, accountId: c.get("auth").accountId });
    const rows = await listRebates(db, {
      accountId: c.get("auth").accountId,
      period: c.req.valid("query").period,
    });
    return c.json({
      ok: true as const,
      rebates: rows.map((r) => ({
        period: "monthly" as const,
        period_start: periodStartTimestamp(r.periodStart),
        volume_usd: exactNumber(r.volumeUsd),
        rebate_bps: r.rebateBps,
        rebate_usd: exactNumber(r.rebateUsd),
        status: r.status,
        kind: r.kind,
        ...(r.sourceAccountId ? { source_account_id: r.sourceAccountId } : {}),
      })),
    }, 200);
  });
}
