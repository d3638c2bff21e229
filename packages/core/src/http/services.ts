import type { MiddlewareHandler } from "hono";
import { createDb, type CreateDbReturnType } from "../db/createDb.js";
import { createRedis, type Redis } from "../redis/createRedis.js";
import type { AppEnv, Services } from "./env.js";

/**
 * Builds the request's services (database, Redis) once, lazily, and closes what was opened after the
 * response is sent.
 */
export function services(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let database: CreateDbReturnType | undefined;
    let redis: Redis | undefined;
    const built: Services = {
      get db() {
        database ??= createDb({ url: c.env.DATABASE_URL, driver: c.env.DATABASE_DRIVER });
        return database.db;
      },
      get redis() {
        redis ??= createRedis({ url: c.env.REDIS_REST_URL, token: c.env.REDIS_REST_TOKEN });
        return redis;
      },
    };
    c.set("services", built);
    try {
      await next();
    } finally {
      if (database) {
        const closing = database.close();
        try {
          c.executionCtx.waitUntil(closing);
        } catch {
          await closing; // no execution context (e.g. app.request in a script): close inline
        }
      }
    }
  };
}
