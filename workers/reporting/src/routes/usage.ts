import type { OpenAPIHono } from "@hono/zod-openapi";
import { centsNumber, finalizeAccountSolves, getUsageRoute, listUsage, toUsageEventResource } from "@sluice/core";
import type { ReportingEnv } from "../env.js";
import { deliverWebhooksSoon } from "../webhookDelivery.js";

export function registerGetUsage(app: OpenAPIHono<ReportingEnv>) {
  app.openapi(getUsageRoute, async (c) => {
    const query = c.req.valid("query");
    const { db, redis } = c.get("services");
    const settled = await finalizeAccountSolves({ db, redis, sluiceChains: c.get("config").SLUICE_CHAINS, accountId: c.get("auth").accountId });
    if (settled > 0) deliverWebhooksSoon(c); // swap.executed / swap.failed
    const result = await listUsage(db, {
      accountId: c.get("auth").accountId,
      period: query.period,
      eventType: query.event_type,
      limit: query.limit ?? 100,
      cursor: query.cursor,
    });
    return c.json({
      ok: true as const,
      events: result.events.map(toUsageEventResource),
      total_volume_usd: centsNumber(result.totalVolumeUsd),
      totals_by_type: Object.fromEntries(Object.entries(result.totalsByStatus).map(([status, usd]) => [status, centsNumber(usd)])) as Record<keyof typeof result.totalsByStatus, number>,
      next_cursor: result.nextCursor ?? null,
    }, 200);
  });
}
