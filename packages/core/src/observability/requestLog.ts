import type { MiddlewareHandler } from "hono";
import { logEvent } from "./logEvent.js";
import { recordRequestMetric, type MetricsDataset } from "./recordRequestMetric.js";

/**
 * One structured line per request: worker, request id (and the id the client sent, if any), method, the matched route (not the raw path, so no token or
 * address lands in logs), status, the error code of a failure, duration, and the account when a key was accepted. Keys
 * themselves are never logged. The same request is one Analytics Engine data point when the worker has a `METRICS`
 * binding (`recordRequestMetric`).
 */
export function requestLog(worker: string): MiddlewareHandler {
  return async (c, next) => {
    const started = Date.now();
    await next();
    const status = c.res.status;
    const durationMs = Date.now() - started;
    const route = c.req.routePath;
    const code = c.get("errorCode") as string | undefined;
    logEvent(status >= 500 ? "error" : status >= 400 ? "warn" : "info", "request", {
      worker,
      requestId: c.get("requestId") as string | undefined,
      clientRequestId: c.get("clientRequestId") as string | undefined,
      method: c.req.method,
      route,
      status,
      code,
      durationMs,
      accountId: (c.get("auth") as { accountId?: string } | undefined)?.accountId,
    });
    recordRequestMetric((c.env as { METRICS?: MetricsDataset } | undefined)?.METRICS, { worker, method: c.req.method, route, status, durationMs, code });
  };
}
