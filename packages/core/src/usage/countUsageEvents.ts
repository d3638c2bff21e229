import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { usageEventFilters, type UsageEventFiltersParameters } from "./usageEventFilters.js";

export type CountUsageEventsParameters = UsageEventFiltersParameters & {
  /** Counting stops past this many: the caller only needs to know the count is over it. */
  atMost: number;
};

/**
 * How many of an account's events match `/usage`'s filters, up to `atMost + 1`: an answer above `atMost` means "more
 * than `atMost`". Bounded so that asking about an account with millions of events reads no more than that many index
 * entries.
 */
export async function countUsageEvents(db: Database, params: CountUsageEventsParameters): Promise<number> {
  const where = sql.join(usageEventFilters(params), sql` and `);
  const counted = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (select 1 from usage_events where ${where} limit ${params.atMost + 1}) as matching`);
  return Number(counted.rows[0]!.n);
}
