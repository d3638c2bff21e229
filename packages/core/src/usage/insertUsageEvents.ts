import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { SluiceError } from "../errors/SluiceError.js";
import { lockLedger } from "../ledger/ledgerLock.js";
import type { UsageEvent } from "./usageEventInput.js";

/**
 * Writes validated events to Postgres exactly once and returns how many were new: a retry of an id records
 * nothing, and neither does an event whose (chain, transaction) another event already holds — one transaction is
 * credited at most once, across accounts and event kinds. Each event counts toward the UTC month it occurred in, unless that month is already settled: then
 * toward the month it arrives in (settlement only closes months that have ended, so that one is open).
 */
export async function insertUsageEvents(db: Database, events: UsageEvent[]): Promise<{ inserted: string[] }> {
  if (events.length === 0) return { inserted: [] };
  const rows = events.map((e) => ({
    id: e.id, account_id: e.accountId, api_key_id: e.apiKeyId ?? null, event_type: e.eventType, chain: e.chain,
    volume_usd: e.volumeUsd, is_dry_run: e.isDryRun, is_test: e.isTest, tx_hash: e.txHash?.toLowerCase() ?? null,
    outcome: e.outcome ?? null, created_at: e.occurredAt,
    owner: e.swap?.owner ?? null, token_in: e.swap?.tokenIn ?? null, token_out: e.swap?.tokenOut ?? null,
  }));
  try {
    return await db.transaction(async (tx) => {
      await lockLedger(tx, "shared");
      const result = await tx.execute<{ id: string }>(sql`
        insert into usage_events (id, account_id, api_key_id, event_type, chain, volume_usd, is_dry_run, is_test,
          tx_hash, outcome, created_at, owner, token_in, token_out, ledger_period)
        select v.id, v.account_id, v.api_key_id, v.event_type::usage_event_type, v.chain, v.volume_usd::numeric,
          v.is_dry_run, v.is_test, v.tx_hash, v.outcome::swap_outcome, v.created_at, v.owner, v.token_in, v.token_out,
          case when exists (select 1 from settlements s where s.status = 'completed'
                              and s.period_start = date_trunc('month', v.created_at at time zone 'UTC')::date)
            then date_trunc('month', statement_timestamp() at time zone 'UTC')::date
            else date_trunc('month', v.created_at at time zone 'UTC')::date end
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id text, account_id text, api_key_id text,
          event_type text, chain text, volume_usd text, is_dry_run boolean, is_test boolean, tx_hash text,
          outcome text, created_at timestamptz, owner text, token_in text, token_out text)
        on conflict do nothing
        returning id`);
      return { inserted: result.rows.map((r) => r.id) };
    });
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === "23503") {
      throw new SluiceError("MALFORMED_REQUEST", "events: accountId or apiKeyId names no existing account or key", { cause: error });
    }
    throw error;
  }
}
