import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { SluiceError } from "../errors/SluiceError.js";
import { computedLedgerRows } from "./computedLedgerRows.js";
import { lockLedger } from "./ledgerLock.js";
import { monthStart } from "./months.js";
import { emitWebhookEvents } from "../webhooks/webhookEvents.js";
import { rebateSettledWebhookEvent, type SettledLedgerRow } from "../webhooks/webhookPayloads.js";

export type SettleMonthParameters = {
  /** `YYYY-MM`, a UTC month that has ended. */
  month: string;
  /** Compute what settling would write, write nothing. */
  preview?: boolean;
  /** Tests only: runs inside the transaction after the ledger rows are written, before the month is marked. */
  afterLedgerRows?: (tx: Pick<Database, "execute">) => Promise<void>;
};

export type SettleMonthResult = {
  month: string;
  /** `settled` now, `already_settled` before (nothing changed), or `preview` (nothing written). */
  status: "settled" | "already_settled" | "preview";
  volumeRows: number;
  referralRows: number;
  /** Exact decimal strings: qualifying volume of the volume rows, and the rebates of all rows. */
  totalVolumeUsd: string;
  totalRebateUsd: string;
};

type Summary = { volume_rows: number; referral_rows: number; total_volume: string; total_rebate: string };

const summarize = (rows: ReturnType<typeof sql>) => sql`
  select count(*) filter (where kind = 'volume')::int as volume_rows,
    count(*) filter (where kind = 'referral')::int as referral_rows,
    coalesce(sum(volume_usd) filter (where kind = 'volume'), 0)::text as total_volume,
    coalesce(sum(rebate_usd), 0)::text as total_rebate
  from (${rows}) r`;

/**
 * Closes a month: in ONE transaction, freezes the ledger rows of every account and referral for the month as
 * `paid` (at the rates and referrals in force now) and marks the month completed in `settlements`. Running it
 * again changes nothing; a failure anywhere rolls everything back, so a rerun completes it; a paid row is
 * never written again. Events that reach Postgres afterwards count toward the month they arrive in.
 */
export async function settleMonth(db: Database, params: SettleMonthParameters): Promise<SettleMonthResult> {
  const start = monthStart(params.month);
  const rows = computedLedgerRows({ periods: sql`e.ledger_period = ${start}::date` });
  const result = (status: SettleMonthResult["status"], s: Summary): SettleMonthResult => ({
    month: params.month, status, volumeRows: s.volume_rows, referralRows: s.referral_rows,
    totalVolumeUsd: s.total_volume, totalRebateUsd: s.total_rebate,
  });
  const paidRows = sql`select kind, volume_usd, rebate_usd from rebate_ledger where period_start = ${start}::date and status = 'paid'`;
  const isSettled = async (tx: Pick<Database, "execute">) => (await tx.execute(sql`
    select 1 from settlements where period_start = ${start}::date and status = 'completed'`)).rows.length > 0;

  if (params.preview) {
    if (await isSettled(db)) return result("already_settled", (await db.execute<Summary>(summarize(paidRows))).rows[0]!);
    return result("preview", (await db.execute<Summary>(summarize(rows))).rows[0]!);
  }

  return db.transaction(async (tx) => {
    await lockLedger(tx, "exclusive");
    if (await isSettled(tx)) return result("already_settled", (await tx.execute<Summary>(summarize(paidRows))).rows[0]!);
    const ended = await tx.execute<{ ended: boolean }>(sql`
      select (${start}::timestamp + interval '1 month') at time zone 'UTC' <= statement_timestamp() as ended`);
    if (!ended.rows[0]!.ended) throw new SluiceError("MALFORMED_REQUEST", `month: ${params.month} has not ended yet (UTC)`);

    const paid = await tx.execute<SettledLedgerRow>(sql`
      insert into rebate_ledger (id, account_id, period_start, kind, source_account_id, volume_usd, rebate_bps,
        rebate_usd, status, settled_at)
      select 'rbt_' || replace(gen_random_uuid()::text, '-', ''), r.account_id, r.period_start, r.kind,
        r.source_account_id, r.volume_usd, r.rebate_bps, r.rebate_usd, 'paid', statement_timestamp()
      from (${rows}) r
      on conflict on constraint rebate_ledger_row_unique do nothing
      returning id, account_id, period_start::text as period_start, kind::text as kind, source_account_id,
        volume_usd::text as volume_usd, rebate_bps, rebate_usd::text as rebate_usd`);
    // Each account hears `rebate.settled` for each of its rows, written with them (and rolled back with them).
    await emitWebhookEvents(tx, paid.rows.map(rebateSettledWebhookEvent));
    await params.afterLedgerRows?.(tx);
    await tx.execute(sql`
      insert into settlements (period_start, status, started_at, completed_at)
      values (${start}::date, 'completed', now(), statement_timestamp())
      on conflict (period_start) do update set status = 'completed', completed_at = excluded.completed_at`);
    return result("settled", (await tx.execute<Summary>(summarize(paidRows))).rows[0]!);
  });
}
