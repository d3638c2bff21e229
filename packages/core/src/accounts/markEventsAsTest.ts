import { and, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { usageEvents } from "../db/schema/index.js";
import { SluiceError } from "../errors/SluiceError.js";
import { executedSolve } from "../ledger/computedLedgerRows.js";
import { lockLedger } from "../ledger/ledgerLock.js";
import { findAccount } from "./findAccount.js";

export type MarkEventsAsTestParameters = {
  account: string;
  /** Specific event ids; or a time range below. */
  eventIds?: string[];
  from?: Date;
  to?: Date;
  /** false un-marks. Default true. */
  isTest?: boolean;
};

/**
 * Flags an account's usage events as operator-marked test traffic (they never earn rebates), or un-marks them.
 * Un-marking restores what the events' keys say: an event recorded with a test key stays test (it never earns), so
 * un-marking a range cannot turn a test key's traffic into paid volume.
 * Executed solves of a month already settled are refused (409, naming the month): their rebates are paid (or they were
 * kept out as test), and a mark would change what `/usage` shows without changing any money. Other events of such a
 * month are marked: an encode-only solve not confirmed or a pending one never counted there (it counts in the month it
 * is confirmed or finalised in, `executedSolve`), nor did a quote or a failed swap. Runs under the ledger lock, shared,
 * as every writer of usage events does, so a settlement sees the events either before or after the change.
 */
export async function markEventsAsTest(db: Database, params: MarkEventsAsTestParameters): Promise<{ updated: number }> {
  const account = await findAccount(db, params.account);
  const filters: SQL[] = [eq(usageEvents.accountId, account.id)];
  if (params.eventIds?.length) filters.push(inArray(usageEvents.id, params.eventIds));
  if (params.from) filters.push(gte(usageEvents.createdAt, params.from));
  if (params.to) filters.push(lt(usageEvents.createdAt, params.to));
  if (filters.length === 1) throw new SluiceError("MALFORMED_REQUEST", "eventIds: give event ids or a from/to range");
  const where = and(...filters)!;
  return db.transaction(async (tx) => {
    await lockLedger(tx, "shared");
    const settled = await tx.execute<{ month: string }>(sql`
      select distinct to_char(e.ledger_period, 'YYYY-MM') as month from usage_events e
      join settlements s on s.period_start = e.ledger_period and s.status = 'completed'
      where e.id in (select usage_events.id from usage_events where ${where}) and ${executedSolve} order by 1`);
    if (settled.rows.length) {
      const months = settled.rows.map((r) => r.month).join(", ");
      throw new SluiceError("CONFLICT", `executed solves of a settled month (${months}) cannot be marked or un-marked: their rebates are paid; narrow the range to months not settled`);
    }
    const isTest = params.isTest ?? true;
    const rows = await tx.update(usageEvents).set({
      isTest: isTest ? true : sql`exists (select 1 from api_keys k where k.id = ${usageEvents.apiKeyId} and k.is_test)`,
    }).where(where).returning({ id: usageEvents.id });
    return { updated: rows.length };
  });
}
