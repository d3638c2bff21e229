import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { computedLedgerRows, unsettledPeriods } from "./computedLedgerRows.js";
import { monthStart } from "./months.js";

export type RebateRow = {
  /** First day of the UTC month, `YYYY-MM-DD`. */
  periodStart: string;
  kind: "volume" | "referral";
  /** On referral rows: the referred account. */
  sourceAccountId?: string;
  /** Exact decimal strings. */
  volumeUsd: string;
  rebateBps: number;
  rebateUsd: string;
  status: "accrued" | "paid";
};

type Row = {
  period_start: string; kind: "volume" | "referral"; source_account_id: string | null; volume_usd: string;
  rebate_bps: number; rebate_usd: string; status: "accrued" | "paid";
};

/**
 * An account's rebate ledger, newest month first: settled months from the stored `paid` rows (never
 * recomputed), months not settled yet computed now as `accrued` rows — so they follow volume, rates, test
 * flags and referrals as they change.
 */
export async function listRebates(db: Database, { accountId, period }: { accountId: string; period?: string }): Promise<RebateRow[]> {
  const start = period ? monthStart(period, "period") : undefined;
  const periods = start ? sql`e.ledger_period = ${start}::date and ${unsettledPeriods}` : unsettledPeriods;
  const result = await db.execute<Row>(sql`
    select period_start::text as period_start, kind::text as kind, source_account_id, volume_usd::text as volume_usd,
      rebate_bps, rebate_usd::text as rebate_usd, status::text as status
    from rebate_ledger
    where account_id = ${accountId} and status = 'paid' ${start ? sql`and period_start = ${start}::date` : sql``}
    union all
    select c.period_start::text, c.kind::text, c.source_account_id, c.volume_usd::text, c.rebate_bps,
      c.rebate_usd::text, 'accrued'
    from (${computedLedgerRows({ periods, accountId })}) c
    order by period_start desc, kind desc, source_account_id`);
  return result.rows.map((r) => ({
    periodStart: r.period_start,
    kind: r.kind,
    ...(r.source_account_id ? { sourceAccountId: r.source_account_id } : {}),
    volumeUsd: r.volume_usd,
    rebateBps: Number(r.rebate_bps),
    rebateUsd: r.rebate_usd,
    status: r.status,
  }));
}
