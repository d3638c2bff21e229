import { DependencyDownError } from "./DependencyDownError.js";

const connectionCodes = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND",
  "57P01", "57P02", "57P03", // admin shutdown, crash shutdown, cannot connect now
  "57014", // query cancelled: a statement past its server-side bound (`withStatementTimeout`)
  "08000", "08001", "08003", "08006", // connection exceptions
]);

/**
 * True when an error means one of our own dependencies (Postgres, Redis) could not be reached, as opposed
 * to a bug or a bad query. Drivers wrap the interesting error in `cause` chains, so walk them. A client that knows
 * (the Redis REST client: a timeout, an HTTP error) says so by type, `DependencyDownError`.
 */
export function isDependencyDown(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DependencyDownError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && connectionCodes.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" &&
      /connection terminated|connect(ion)? (refused|timeout)|timeout exceeded when trying to connect|socket (hang up|closed)|network connection lost|Failed to fetch|fetch failed|encountered a connection error|not queryable|Connection ended unexpectedly|Query read timeout/i
        .test(message)) return true;
  }
  return false;
}
