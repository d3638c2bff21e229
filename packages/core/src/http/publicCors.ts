import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";

const EXPOSED_HEADERS = ["ETag", "Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Request-Id"];

/** The answer headers browsers may read (`Access-Control-Expose-Headers`), for a route that sets its CORS headers itself. */
export const PUBLIC_EXPOSED_HEADERS = EXPOSED_HEADERS.join(",");

/** Hono's CORS middleware, answering preflight (OPTIONS) requests. */
const preflight = cors({
  origin: "*",
  allowMethods: ["GET", "POST", "DELETE", "OPTIONS"],
  allowHeaders: ["X-Sluice-API-Key", "Content-Type", "If-None-Match"],
  exposeHeaders: EXPOSED_HEADERS,
  maxAge: 86_400,
});

/**
 * CORS for the public API, so browser dApps can call Sluice directly: any origin (authentication is the API key, never
 * a cookie, so no credentials are allowed), preflight answered for every path, and the headers partners read exposed.
 * One definition for every worker: each area worker adds the headers to its own answers (`createApp`), so the public
 * entry and the sandbox pass a forwarded answer on untouched — no copy of the response to make its headers writable.
 *
 * Preflight is Hono's `cors`. On other requests the two headers it would add (`Access-Control-Allow-Origin: *` and the
 * exposed headers) are set after the handler, on the answer itself, unless it carries them already (a forwarded one):
 * Hono's `cors` reads `c.res` before the handler, which makes Hono copy every answer into a new Response. A forwarded
 * answer that lacks them has immutable headers: that one alone is copied first, keeping its status and headers.
 */
export function publicCors(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "OPTIONS") return preflight(c, next);
    await next();
    if (c.res.headers.has("Access-Control-Allow-Origin")) return;
    try {
      c.res.headers.set("Access-Control-Allow-Origin", "*");
    } catch (error) {
      // A forwarded answer without the headers (a service binding's, a fetch's) has immutable headers: copied once,
      // its status, body and headers (Retry-After) kept, so that it never becomes a 500 without CORS.
      if (!(error instanceof TypeError)) throw error;
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("Access-Control-Allow-Origin", "*");
    }
    c.res.headers.set("Access-Control-Expose-Headers", PUBLIC_EXPOSED_HEADERS);
  };
}
