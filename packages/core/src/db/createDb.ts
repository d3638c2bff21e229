import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzleNeon } from "drizzle-orm/neon-serverless";
import { Pool as NeonPool } from "@neondatabase/serverless";
import pg from "pg";
import * as schema from "./schema/index.js";

export type Database = NodePgDatabase<typeof schema>;

export type CreateDbParameters = {
  url: string;
  /** `neon` (serverless driver over WebSockets) or `pg` (TCP). Default: `neon` for *.neon.tech hosts, else `pg`. */
  driver?: "neon" | "pg";
};

export type CreateDbReturnType = {
  db: Database;
  /** Closes the connection; call it when the request (or script) is done. */
  close: () => Promise<void>;
};

/**
 * One database handle per request (Workers may not share sockets across requests). The connection opens
 * lazily on the first query, so a request that needs no database opens none.
 */
export function createDb({ url, driver }: CreateDbParameters): CreateDbReturnType {
  const chosen = driver ?? (new URL(url).hostname.endsWith(".neon.tech") ? "neon" : "pg");
  if (chosen === "neon") {
    const pool = new NeonPool({ connectionString: url });
    return { db: drizzleNeon(pool, { schema }) as unknown as Database, close: () => pool.end() };
  }
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 5_000 });
  // A broken idle connection must not crash the isolate; the next query reports the failure instead.
  pool.on("error", () => {});
  return {
    db: drizzlePg(pool, { schema }),
    close: () => pool.end().catch(() => {}),
  };
}
