import type { MiddlewareHandler } from "hono";

/**
 * Every failure of /route carries `gaslessEligible` (false unless the failure says otherwise) and `computeMs`
 * (interface §7) — including authentication and validation failures, which happen before the handler runs.
 */
export function routeFailureShape(): MiddlewareHandler {
  return async (c, next) => {
    const started = Date.now();
    await next();
    const res = c.res;
    if (res.status < 400 || !res.headers.get("content-type")?.includes("application/json")) return;
    const body = await res.clone().json<Record<string, unknown>>().catch(() => null);
    if (!body || body.ok !== false) return;
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    const shaped = { ...body, gaslessEligible: body.gaslessEligible ?? false, computeMs: body.computeMs ?? Date.now() - started };
    c.res = undefined;
    c.res = new Response(JSON.stringify(shaped), { status: res.status, headers });
  };
}
