import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { qualifyingEvent } from "./computedLedgerRows.js";
import { previousMonth } from "./months.js";
import { settleMonth, type SettleMonthResult } from "./settleMonth.js";
import { SETTLEMENT_GRACE_HOURS } from "./settlementConfig.js";

/** How far back the cron looks for an ended month left unsettled (each month checked through the ledger's index). */
export const SETTLEMENT_LOOKBACK_MONTHS = 12;

/**
 * What the reporting cron runs each minute: settles the oldest month whose grace has passed (`graceHours` after its
 * end, UTC; `SETTLEMENT_GRACE_HOURS`) that is not settled yet and holds volume that earns (within the last
 * `SETTLEMENT_LOOKBACK_MONTHS`), else the latest such month if it is not settled. Settling freezes a month as `paid`,
 * and from then on none of its executed solves can be marked as test: the grace leaves the operator's volume review
 * (decisions §2.3a) the whole month, its last day included, before the payout. Cheap when everything is (one query,
 * no lock), so running it every minute also retries a month whose settlement failed — also once a later month has
 * begun: a month that failed throughout (an outage at its turn, a bad row) is settled before the months after it,
 * where it used to be looked at only while it was the previous month, and then never again (its rows accrued for
 * ever, its late events kept landing in it).
 */
export async function settleDueMonth(db: Database, now: Date = new Date(), graceHours: number = SETTLEMENT_GRACE_HOURS): Promise<SettleMonthResult | undefined> {
  // The month before the one `now` less the grace falls in: the latest month whose end is at least the grace ago.
  const previous = previousMonth(new Date(now.getTime() - graceHours * 3600_000));
  const due = await db.execute<{ month: string }>(sql`
    select to_char(m, 'YYYY-MM') as month
    from generate_series(${`${previous}-01`}::date - make_interval(months => ${SETTLEMENT_LOOKBACK_MONTHS - 1}), ${`${previous}-01`}::date, interval '1 month') as m
    where not exists (select 1 from settlements s where s.period_start = m::date and s.status = 'completed')
      and (m::date = ${`${previous}-01`}::date or exists (
        select 1 from usage_events e where e.ledger_period = m::date and ${qualifyingEvent}))
    order by m
    limit 1`);
  const month = due.rows[0]?.month;
  return month ? settleMonth(db, { month }) : undefined;
}
