import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { monthStart } from "../ledger/months.js";

export type OperatorAccountRow = {
  id: string; slug: string; name: string; rebateBps: number; rebateActive: boolean; referralBps: number;
  /** Executed volume counted toward the month's ledger: solves the chain shows succeeded, not dry run, not test (exact). */
  qualifyingVolumeUsd: string;
  /** Every executed solve of the month, test traffic included (exact). */
  executedVolumeUsd: string;
  activeKeys: number;
};

/**
 * Accounts with their month's volume and rates, largest qualifying volume first; `search` matches slug or name.
 * The qualifying volume is the one the ledger's volume row of the month uses (by the events' ledger month).
 */
export async function listOperatorAccounts(
  db: Database, { month, search, limit = 200 }: { month: string; search?: string; limit?: number },
): Promise<OperatorAccountRow[]> {
  const start = monthStart(month, "month");
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await db.execute<{
    id: string; slug: string; name: string; rebate_bps: number; rebate_active: boolean; referral_bps: number;
    qualifying: string; executed: string; active_keys: number;
  }>(sql`
    select a.id, a.slug, a.name, a.rebate_bps, a.rebate_active, a.referral_bps,
      coalesce(v.qualifying, 0)::text as qualifying, coalesce(v.executed, 0)::text as executed,
      (select count(*)::int from api_keys k where k.account_id = a.id and k.revoked_at is null) as active_keys
    from accounts a
    left join (
      select account_id,
        sum(volume_usd) filter (where not is_dry_run and not is_test) as qualifying,
        sum(volume_usd) as executed
      from usage_events
      where ledger_period = ${start}::date and event_type = 'solve' and outcome = 'succeeded'
      group by account_id
    ) v on v.account_id = a.id
    ${pattern ? sql`where a.slug ilike ${pattern} or a.name ilike ${pattern}` : sql``}
    order by coalesce(v.qualifying, 0) desc, a.created_at desc
    limit ${limit}`);
  return rows.rows.map((r) => ({
    id: r.id, slug: r.slug, name: r.name, rebateBps: Number(r.rebate_bps), rebateActive: r.rebate_active,
    referralBps: Number(r.referral_bps), qualifyingVolumeUsd: r.qualifying, executedVolumeUsd: r.executed,
    activeKeys: Number(r.active_keys),
  }));
}

export type SettlementRecord = { month: string; status: "running" | "completed"; completedAt: Date | null };

/** The months settlement has run for, newest first. */
export async function listSettlements(db: Database, limit = 24): Promise<SettlementRecord[]> {
  const rows = await db.execute<{ month: string; status: "running" | "completed"; completed_at: Date | string | null }>(sql`
    select to_char(period_start, 'YYYY-MM') as month, status::text as status, completed_at
    from settlements order by period_start desc limit ${limit}`);
  return rows.rows.map((r) => ({ month: r.month, status: r.status, completedAt: r.completed_at ? new Date(r.completed_at) : null }));
}
