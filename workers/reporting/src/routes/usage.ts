import type { OpenAPIHono } from "@hono/zod-openapi";
import { centsNumber, finalizeAccountSolves, getUsageRoute, listUsage, type AppEnv } from "@sluice/core";

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
