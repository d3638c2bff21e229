import { sql } from "drizzle-orm";
import type { Database } from "./createDb.js";

/**
 * Server-side bound of a request's heaviest reads (`/usage`'s totals over an account's whole history), a little under
 * the client's `REQUEST_QUERY_TIMEOUT_MS`.
 */
export const HEAVY_READ_STATEMENT_TIMEOUT_MS = 2_500;

/**
 * Runs `work` in a transaction whose statements Postgres itself cancels after `ms` (`SET LOCAL statement_timeout`,
 * which transaction-mode poolers keep, unlike a startup option). Why: the driver's own timeout only stops waiting —
 * the statement keeps running, or waiting on a lock, on the server after the request has answered 503, and a partner
 * retrying a read that is too heavy would pile such statements up on the shared database. A cancelled statement fails
 * with SQLSTATE 57014, a dependency outage to the caller (`isDependencyDown`: 503, retry later).
 */
export function withStatementTimeout<T>(db: Database, ms: number, work: (tx: Database) => Promise<T>): Promise<T> {
  const bound = Math.max(1, Math.floor(ms));
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${bound}`));
    return work(tx as unknown as Database);
  });
}
