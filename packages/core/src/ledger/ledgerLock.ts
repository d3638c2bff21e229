import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";

/** The advisory lock that orders settlement against writers of usage events. */
const LEDGER_LOCK = 7_311_000_001;

type Executor = Pick<Database, "execute">;

/**
 * Writers of usage events take the lock shared, settlement takes it exclusive. Held until the transaction
 * ends, so an event is either seen by a month's settlement or written after it (and then counts toward the
 * month it arrives in). Call it as the first statement of the transaction.
 */
export async function lockLedger(tx: Executor, mode: "shared" | "exclusive"): Promise<void> {
  await tx.execute(mode === "shared"
    ? sql`select pg_advisory_xact_lock_shared(${LEDGER_LOCK})`
    : sql`select pg_advisory_xact_lock(${LEDGER_LOCK})`);
}
