import { sql, type SQL } from "drizzle-orm";

export type ComputedLedgerRowsParameters = {
  /** A condition on `e.ledger_period` (the events' month) choosing which months to compute. */
  periods: SQL;
  /** Only this account's volume rows and the referral rows it earns (else: every account's). */
  accountId?: string;
};

/**
 * The ledger as a pure function of the usage events and the accounts as they are now — the single definition
 * used both for accrued rows (read on demand) and for the rows settlement freezes:
 * - `volume`: per account and month, the qualifying volume (non-test solves whose
 *   transaction the chain shows succeeded) of an active account,
 *   at the account's `rebate_bps`;
 * - `referral`: per referrer, referred account and month, the referred account's qualifying volume, at the
 *   referred account's `referral_bps`, if the referrer is active.
 * `rebate_usd = volume_usd * bps / 10000`, exact (numeric multiplication never rounds).
 * Columns: period_start, account_id, kind, source_account_id, volume_usd, rebate_bps, rebate_usd.
 */
/**
 * `e` (a usage event) is an executed solve: one the chain shows succeeded, not a dry run. Its month's settlement
 * weighed it — paid it, or kept it out as test traffic (`qualifyingEvent`) — so its test flag is part of what was paid.
 * An encode-only solve not confirmed, or one still pending, was not: it counts in the month it is confirmed or
 * finalised in.
 */
export const executedSolve = sql`e.event_type = 'solve' and e.outcome = 'succeeded' and not e.is_dry_run`;

/**
 * `e` (a usage event) earns: a solve the chain shows succeeded, not a dry run, not test traffic. The partial indexes
 * on `usage_events` (db/schema/usage.ts) state the same condition.
 */
export const qualifyingEvent = sql`${executedSolve} and not e.is_test`;

export function computedLedgerRows({ periods, accountId }: ComputedLedgerRowsParameters): SQL {
  return sql`
    select e.ledger_period as period_start, e.account_id, 'volume'::rebate_kind as kind, null::text as source_account_id,
      sum(e.volume_usd) as volume_usd, a.rebate_bps, sum(e.volume_usd) * a.rebate_bps * 0.0001 as rebate_usd
    from usage_events e join accounts a on a.id = e.account_id
    where ${qualifyingEvent} and a.rebate_active and ${periods}
      ${accountId ? sql`and e.account_id = ${accountId}` : sql``}
    group by e.ledger_period, e.account_id, a.rebate_bps
    union all
    select e.ledger_period, a.referrer_id, 'referral'::rebate_kind, e.account_id,
      sum(e.volume_usd), a.referral_bps, sum(e.volume_usd) * a.referral_bps * 0.0001
    from usage_events e join accounts a on a.id = e.account_id join accounts r on r.id = a.referrer_id
    where ${qualifyingEvent} and r.rebate_active and ${periods}
      ${accountId ? sql`and a.referrer_id = ${accountId}` : sql``}
    group by e.ledger_period, e.account_id, a.referrer_id, a.referral_bps`;
}

/** `e.ledger_period` is a month not settled yet. */
export const unsettledPeriods = sql`not exists (select 1 from settlements s
  where s.period_start = e.ledger_period and s.status = 'completed')`;
