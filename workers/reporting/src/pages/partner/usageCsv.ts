import type { Hono } from "hono";
import { finalizeAccountSolves, USAGE_CSV_COLUMNS, usageCsv } from "@sluice/core";
import type { PagesEnv } from "../pagesEnv.js";
import { pageHeaders } from "../render.js";
import { requireSession } from "../session.js";
import { usageFilters } from "./usageFilters.js";

/** `GET /dashboard/usage.csv?period=&event_type=`: every event the filters match, as `/usage` answers them, in CSV. */
export function registerUsageCsv(pages: Hono<PagesEnv>) {
  pages.get("/usage.csv", requireSession("partner"), async (c) => {
    const session = c.get("partner");
    const { cursor: _ignored, ...filters } = usageFilters(c.req.query());
    const { db, redis } = c.get("services");
    let csv = `${USAGE_CSV_COLUMNS.join(",")}\r\n`;
    if (session.environment === "production") {
      await finalizeAccountSolves({ db, redis, sluiceChains: c.get("config").SLUICE_CHAINS, accountId: session.accountId });
      csv = await usageCsv(db, { accountId: session.accountId, ...filters });
    }
    const name = ["sluice-usage", filters.period, filters.eventType].filter(Boolean).join("-");
    return c.body(csv, 200, {
      ...pageHeaders,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
    });
  });
}
