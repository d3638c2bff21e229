import { sql, type SQL } from "drizzle-orm";
import { monthStart } from "../ledger/months.js";

export type UsageEventFiltersParameters = {
  accountId: string;
  /** `YYYY-MM`: events that occurred in that UTC month. */
  period?: string;
  eventType?: "route" | "solve";
};

/** The conditions on `usage_events` that select an account's events by `/usage`'s filters (AND them). */
export function usageEventFilters(params: UsageEventFiltersParameters): SQL[] {
  const filters: SQL[] = [sql`account_id = ${params.accountId}`];
  if (params.period) {
    const start = monthStart(params.period, "period");
    filters.push(sql`created_at >= ${start}::timestamp at time zone 'UTC'`);
    filters.push(sql`created_at < (${start}::timestamp + interval '1 month') at time zone 'UTC'`);
  }
  if (params.eventType) filters.push(sql`event_type = ${params.eventType}`);
  return filters;
}
