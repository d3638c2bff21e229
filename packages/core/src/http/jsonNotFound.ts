import type { Context } from "hono";

/** The JSON 404 of every Sluice app (area workers and the public entry) for a path nothing serves. */
export function jsonNotFound(c: Context): Response {
  return c.json({ ok: false, error: `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`, code: "NOT_FOUND" }, 404);
}
