import { canConnect } from "../process/canConnect.js";

export type ResolvePostgresParameters = {
  /** An explicit connection string (DATABASE_URL); used as is. */
  url?: string;
  /** Database name on the local server when no URL is given. */
  database: string;
};

/**
 * The Postgres the stack uses: DATABASE_URL when set, otherwise the local server on 127.0.0.1:5432
 * (trust auth, user postgres) with a database of the stack's own.
 */
export async function resolvePostgres({ url, database }: ResolvePostgresParameters): Promise<string> {
  if (url) return url;
  if (await canConnect("127.0.0.1", 5432)) return `postgres://postgres@127.0.0.1:5432/${database}`;
  throw new Error(
    "No PostgreSQL is listening on 127.0.0.1:5432 and DATABASE_URL is not set. Start the local PostgreSQL " +
    "server or set DATABASE_URL to any PostgreSQL database.",
  );
}
