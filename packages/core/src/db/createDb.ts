import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzleNeon } from "drizzle-orm/neon-serverless";
import { Pool as NeonPool, neonConfig } from "@neondatabase/serverless";
import pg from "pg";
import * as schema from "./schema/index.js";

export type Database = NodePgDatabase<typeof schema>;

export type CreateDbParameters = {
  url: string;
  /** `neon` (serverless driver over WebSockets) or `pg` (TCP). Default: `neon` for *.neon.tech hosts, else `pg`. */
  driver?: "neon" | "pg";
  /**
   * Local development and tests only (`NEON_WS_PROXY`): the neon driver reaches Postgres through this
   * WebSocket-to-TCP proxy (`host:port/path`; the driver appends `?address=<host>:<port>` of `url`) in plain
   * WebSockets and without pipelining, as Neon documents for a local Postgres. Production never sets it.
   */
  wsProxy?: string;
  /**
   * How long one query may wait for its answer before it fails (client side; the driver's `query_timeout`). Default
   * `REQUEST_QUERY_TIMEOUT_MS`. A connection whose socket died without a close event (a cut seen by the runtime only
   * as silence) otherwise holds its query, and the request, forever. Crons doing month-sized work pass more.
   */
  queryTimeoutMs?: number;
};

/**
 * A request's bound on one query. A request's queries take milliseconds; a query held past this is on a connection cut
 * without a close event, and the request must still answer (503) within the 10 s in which every request is answered,
 * also when the query starts seconds into the request (after a quote, under load).
 */
export const REQUEST_QUERY_TIMEOUT_MS = 3_000;
/** How long opening a connection may take (TLS to a hosted Postgres included) before the query fails. */
const CONNECT_TIMEOUT_MS = 3_000;
/** A cron's bound on one query (settlement and outbox drains work on a month or a backlog). */
export const CRON_QUERY_TIMEOUT_MS = 60_000;

export type CreateDbReturnType = {
  db: Database;
  /** Closes the connection; call it when the request (or script) is done. */
  close: () => Promise<void>;
};

/**
 * One database handle per request (Workers may not share sockets across requests). The connection opens
 * lazily on the first query, so a request that needs no database opens none.
 */
export function createDb({ url, driver, wsProxy, queryTimeoutMs = REQUEST_QUERY_TIMEOUT_MS }: CreateDbParameters): CreateDbReturnType {
  const chosen = driver ?? (new URL(url).hostname.endsWith(".neon.tech") ? "neon" : "pg");
  if (chosen === "neon") {
    // Global to the driver, and the same for every request of an isolate (it comes from the worker's settings).
    if (wsProxy) Object.assign(neonConfig, { wsProxy, useSecureWebSocket: false, pipelineTLS: false, pipelineConnect: false });
    const pool = new NeonPool({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: queryTimeoutMs });
    keepConnectionErrorsInside(pool);
    return { db: drizzleNeon(pool, { schema }) as unknown as Database, close: () => pool.end() };
  }
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: queryTimeoutMs });
  keepConnectionErrorsInside(pool);
  return {
    db: drizzlePg(pool, { schema }),
    close: () => pool.end().catch(() => {}),
  };
}

/** What `keepConnectionErrorsInside` needs of a pool: pg's and Neon's (a bundled pg) both are one. */
type ErrorEmittingPool = {
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "connect", listener: (client: { on(event: "error", listener: (error: Error) => void): unknown }) => void): unknown;
};

/**
 * A connection that breaks is reported by its query, never by an "error" event nobody listens to: such an event
 * throws, in workerd the isolate's and on the Node host the whole process's (every area at once). The pool emits one
 * when an idle client's connection drops; a client checked out (inside a transaction, between two statements) has no
 * pool listener at all (pg-pool takes its idle listener off while the client is out) and emits its own. So: a listener
 * on the pool, and one on each client as it connects. The query meeting the broken connection still rejects (a
 * dependency outage, `isDependencyDown`), and the pool replaces the client on the next query.
 */
function keepConnectionErrorsInside(pool: ErrorEmittingPool): void {
  pool.on("error", () => {});
  pool.on("connect", (client) => void client.on("error", () => {}));
}

/** A worker's database from its settings (`DATABASE_URL`, `DATABASE_DRIVER`, `NEON_WS_PROXY`): what every worker calls. */
export function createDbFromConfig(
  config: { DATABASE_URL: string; DATABASE_DRIVER?: "neon" | "pg"; NEON_WS_PROXY?: string },
  options: { queryTimeoutMs?: number } = {},
): CreateDbReturnType {
  return createDb({ url: config.DATABASE_URL, driver: config.DATABASE_DRIVER, wsProxy: config.NEON_WS_PROXY, queryTimeoutMs: options.queryTimeoutMs });
}
