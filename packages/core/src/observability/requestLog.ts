import type { MiddlewareHandler } from "hono";
import { logEvent } from "./logEvent.js";

/**
 * One structured line per request: request id, method, the matched route (not the raw path, so no token or address
 * lands in logs), status, duration, and the account when a key was accepted. Keys themselves are never logged.
 */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const started = Date.now();
    await next();
    const status = c.res.status;
    logEvent(status >= 500 ? "error" : status >= 400 ? "warn" : "info", "request", {
      requestId: c.get("requestId") as string | undefined,
      method: c.req.method,
      route: c.req.routePath,
      status,
      durationMs: Date.now() - started,
      accountId: (c.get("auth") as { accountId?: string } | undefined)?.accountId,
    });
  };
}
