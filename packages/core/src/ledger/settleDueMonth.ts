import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { previousMonth } from "./months.js";
import { settleMonth, type SettleMonthResult } from "./settleMonth.js";

/**
 * What the reporting worker's cron runs: settles the previous UTC month if it is not settled yet. Cheap when
 * it is (one lookup, no lock), so running it every minute also retries a month whose first attempt
 * failed (e.g. Postgres was down at midnight).
 */
export async function settleDueMonth(db: Database, now: Date = new Date()): Promise<SettleMonthResult | undefined> {
  const month = previousMonth(now);
  const settled = await db.execute(sql`
    select 1 from settlements where period_start = ${`${month}-01`}::date and status = 'completed'`);
  if (settled.rows.length > 0) return undefined;
  return settleMonth(db, { month });
}
