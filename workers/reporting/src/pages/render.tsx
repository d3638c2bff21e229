import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { logEvent, toSluiceError } from "@sluice/core";
import { Layout } from "./layout.js";

/**
 * Headers of every page: never cached (they show account data), no script at all, no framing, forms post only
 * to Sluice, no referrer leaves, and HTTPS only from the first visit on (HSTS; browsers ignore it over plain HTTP, so
 * a local stack is unaffected), so a network attacker cannot strip a later visit to HTTP.
 */
export const pageHeaders: Record<string, string> = {
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
};

export function renderPage(c: Context, page: Child, status: 200 | 400 | 401 | 403 | 404 | 409 | 429 | 500 | 503 = 200): Response {
  for (const [name, value] of Object.entries(pageHeaders)) c.header(name, value);
  return c.html(`<!doctype html>${String(page)}`, status);
}

/** A redirect after a form (303: the browser follows with GET), not cached either. */
export function seeOther(c: Context, location: string): Response {
  for (const [name, value] of Object.entries(pageHeaders)) c.header(name, value);
  return c.redirect(location, 303);
}

/**
 * The pages' error handler: the same classification as the API's `onError` (a field-named 400, 401, 403, 404, 409,
 * 429 with its `Retry-After`, 503; anything unknown a bare 500, logged), answered as a page saying what is wrong and
 * where to go next.
 */
export function pageError(area: "partner" | "operator") {
  return (err: Error, c: Context): Response => {
    const error = toSluiceError(err);
    if (error.code === "INTERNAL" || error.code === "DEPENDENCY_DOWN") {
      logEvent("error", "failure", {
        requestId: c.get("requestId") as string | undefined, code: error.code, route: c.req.routePath,
        error: `${err.name}: ${err.message}`,
      });
    }
    const home = area === "partner" ? "/dashboard" : "/admin";
    const page = (
      <Layout title={titles[error.code] ?? "Something went wrong"} area={area}>
        <p class="error" role="alert" data-code={error.code}>{error.message}</p>
        <p><a href={home}>Back to the {area === "partner" ? "dashboard" : "operator pages"}</a></p>
      </Layout>
    );
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return renderPage(c, page, error.status as 400);
  };
}

const titles: Record<string, string> = {
  MALFORMED_REQUEST: "That request is not valid",
  UNAUTHORIZED: "Sign in first",
  FORBIDDEN: "Refused",
  NOT_FOUND: "Not found",
  CONFLICT: "Conflict",
  RATE_LIMITED: "Too many attempts: wait a minute and try again",
  DEPENDENCY_DOWN: "Temporarily unavailable",
};

/** The notice a redirect's `?done=` names, if it is one of the page's own (never an inherited property such as `__proto__`). */
export function noticeFor(notices: Record<string, string>, done: string | undefined): string | undefined {
  return done !== undefined && Object.hasOwn(notices, done) ? notices[done] : undefined;
}
