import type { MiddlewareHandler } from "hono";
import { CRON_QUERY_TIMEOUT_MS } from "../db/createDb.js";
import type { AppEnv } from "./env.js";

/**
 * Gives the route's queries a cron's bound (`CRON_QUERY_TIMEOUT_MS`) instead of a request's: operator work on a month
 * or a backlog (a settlement, an outbox drain, a token list import) that an operator starts and waits for. Place it
 * before anything that reads the database; the request's database opens on first use with the bound set here.
 */
export function longQueries(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("queryTimeoutMs", CRON_QUERY_TIMEOUT_MS);
    await next();
  };
}
