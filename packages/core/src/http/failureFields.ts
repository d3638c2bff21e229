import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.js";

/**
 * Fields every failure of a route carries, whatever failed (authentication, validation or the handler): `computeMs`
 * since the route started, plus `defaults` (for `/route`, `gaslessEligible: false`; interface §7). The one `onError`
 * merges them under the error's own fields, so a failure that knows better (a quote's `gaslessEligible`) wins.
 */
export function failureFields(defaults: Record<string, unknown> = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = Date.now();
    c.set("failureFields", () => ({ ...defaults, computeMs: Date.now() - started }));
    await next();
  };
}
