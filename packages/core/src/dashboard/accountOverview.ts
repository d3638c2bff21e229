import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { monthStart } from "../ledger/months.js";
import { listRebates } from "../ledger/listRebates.js";
import type { UsageEventStatus } from "../usage/listUsage.js";
import { daysOfMonth, shiftMonth } from "./months.js";
import { percentOf, sumDecimals } from "./decimals.js";

export type AccountOverview = {
  month: string;
  /** Executed volume (solves the chain shows succeeded) per UTC day of the month, exact decimals; every day listed. */
  days: { day: string; volumeUsd: string }[];
  /** Events of the month by status (as `/usage` names them): how many, and their volume. */
  byStatus: { status: UsageEventStatus; count: number; volumeUsd: string }[];
  /** Rebates of the month not settled yet (volume and referral rows), and those paid for the month before. */
  rebates: { accruedUsd: string; previousMonth: string; paidPreviousUsd: string };
  /**
   * Executed volume sent by Sluice's relayers (gasless) against the volume users sent themselves and confirmed
   * (encode-only swaps of `encoded_swaps`); the share is null when nothing executed.
   */
  gasless: { gaslessUsd: string; userPaidUsd: string; sharePercent: string | null };
};

const STATUSES: UsageEventStatus[] = ["quoted", "encoded", "pending", "executed", "failed"];

/** The status `/usage` gives an event, in SQL (see `listUsage`). */
export const usageStatusSql = sql`case when event_type = 'route' then 'quoted' when outcome is null then 'encoded'
  when outcome = 'succeeded' then 'executed' else outcome::text end`;

/** Everything the dashboard's overview shows for one account and UTC month, from the same events `/usage` reads. */
export async function readAccountOverview(db: Database, { accountId, month }: { accountId: string; month: string }): Promise<AccountOverview> {
  const start = monthStart(month, "month");
  const eventsOf = (alias: "usage_events" | "e") => sql`${sql.raw(alias)}.account_id = ${accountId}
    and ${sql.raw(alias)}.created_at >= ${start}::timestamp at time zone 'UTC'
    and ${sql.raw(alias)}.created_at < (${start}::timestamp + interval '1 month') at time zone 'UTC'`;
  const inMonth = eventsOf("usage_events");
  const [daily, statuses, gasless] = await Promise.all([
    db.execute<{ day: string; volume: string }>(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(volume_usd)::text as volume
      from usage_events where ${inMonth} and event_type = 'solve' and outcome = 'succeeded' group by 1`),
    db.execute<{ status: UsageEventStatus; count: number; volume: string }>(sql`
      select ${usageStatusSql} as status, count(*)::int as count, sum(volume_usd)::text as volume
      from usage_events where ${inMonth} group by 1`),
    db.execute<{ gasless: string; user_paid: string }>(sql`
      select coalesce(sum(e.volume_usd) filter (where s.id is null), 0)::text as gasless,
        coalesce(sum(e.volume_usd) filter (where s.id is not null), 0)::text as user_paid
      from usage_events e
      left join encoded_swaps s on s.account_id = e.account_id and s.usage_event_id = e.id
      where ${eventsOf("e")} and e.event_type = 'solve' and e.outcome = 'succeeded'`),
  ]);
  const volumeByDay = new Map(daily.rows.map((r) => [r.day, r.volume]));
  const byStatus = new Map(statuses.rows.map((r) => [r.status, r]));
  const previousMonth = shiftMonth(month, -1);
  const [current, previous] = await Promise.all([
    listRebates(db, { accountId, period: month }),
    listRebates(db, { accountId, period: previousMonth }),
  ]);
  const { gasless: gaslessUsd, user_paid: userPaidUsd } = gasless.rows[0]!;
  return {
    month,
    days: daysOfMonth(month).map((day) => ({ day, volumeUsd: volumeByDay.get(day) ?? "0" })),
    byStatus: STATUSES.map((status) => ({
      status, count: Number(byStatus.get(status)?.count ?? 0), volumeUsd: byStatus.get(status)?.volume ?? "0",
    })),
    rebates: {
      accruedUsd: sumDecimals(current.filter((r) => r.status === "accrued").map((r) => r.rebateUsd)),
      previousMonth,
      paidPreviousUsd: sumDecimals(previous.filter((r) => r.status === "paid").map((r) => r.rebateUsd)),
    },
    gasless: { gaslessUsd, userPaidUsd, sharePercent: percentOf(gaslessUsd, sumDecimals([gaslessUsd, userPaidUsd])) },
  };
}
