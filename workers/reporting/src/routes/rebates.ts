import type { OpenAPIHono } from "@hono/zod-openapi";
import {
  exactDecimal, exactNumber, finalizeAccountSolves, getRebatesRoute, listRebates, periodStartTimestamp,
} from "@sluice/core";
import type { ReportingEnv } from "../env.js";
import { deliverWebhooksSoon } from "../webhookDelivery.js";

export function registerGetRebates(app: OpenAPIHono<ReportingEnv>) {
  app.openapi(getRebatesRoute, async (c) => {
    const { db, redis } = c.get("services");
    const settled = await finalizeAccountSolves({ db, redis, sluiceChains: c.get("config").SLUICE_CHAINS, accountId: c.get("auth").accountId });
    if (settled > 0) deliverWebhooksSoon(c); // swap.executed / swap.failed
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
        volume_usd_exact: exactDecimal(r.volumeUsd),
        rebate_usd_exact: exactDecimal(r.rebateUsd),
        status: r.status,
        kind: r.kind,
        ...(r.sourceAccountId ? { source_account_id: r.sourceAccountId } : {}),
      })),
    }, 200);
  });
}
