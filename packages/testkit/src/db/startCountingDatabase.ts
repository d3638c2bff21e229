import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { schema, type Database } from "@sluice/core";

export type StartCountingDatabaseReturnType = {
  db: Database;
  /** Every statement sent through `db` so far, in order (SQL text, parameters left out). */
  statements: string[];
  close: () => Promise<void>;
};

/**
 * A database handle on `url` that records every statement it sends (drizzle's query logger), for tests that bound
 * how many queries an operation issues. One connection, as a request's handle has.
 */
export function startCountingDatabase(url: string): StartCountingDatabaseReturnType {
  const statements: string[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzle(pool, { schema, logger: { logQuery: (query) => statements.push(query) } }) as Database;
  return { db, statements, close: () => pool.end() };
}
