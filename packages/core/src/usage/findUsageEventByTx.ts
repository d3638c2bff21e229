import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";

export type UsageEventByTx = { id: string; accountId: string; isDryRun: boolean; outcome: "pending" | "succeeded" | "failed" | null };

/** The usage event that holds a transaction on a chain, if any (at most one: (chain, tx_hash) is unique). */
export async function findUsageEventByTx(db: Database, chain: string, txHash: string): Promise<UsageEventByTx | undefined> {
  const rows = await db.execute<{ id: string; account_id: string; is_dry_run: boolean; outcome: UsageEventByTx["outcome"] }>(sql`
    select id, account_id, is_dry_run, outcome from usage_events where chain = ${chain} and tx_hash = ${txHash.toLowerCase()} limit 1`);
  const row = rows.rows[0];
  return row && { id: row.id, accountId: row.account_id, isDryRun: row.is_dry_run, outcome: row.outcome };
}
