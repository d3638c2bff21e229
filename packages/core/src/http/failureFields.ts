import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.js";

/**
 * Fields every failure of a route carries, whatever failed (the body limit, the settings, authentication, validation
 * or the handler): `computeMs` since the request started, plus `defaults` (for `/route`, `gaslessEligible: false`;
 * interface §7). Installed by `createApp`'s `failureFields` option, ahead of everything that can refuse a request. The
 * one `onError` merges them under the error's own fields, so a failure that knows better (a quote's `gaslessEligible`) wins.
 */
export function failureFields(defaults: Record<string, unknown> = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = Date.now();
    c.set("failureFields", () => ({ ...defaults, computeMs: Date.now() - started }));
    await next();
  };
}

/**
 * The failure fields of the swap endpoints wherever they are served (the swap worker, and the sandbox in front of its
 * sandbox deployment), for `createApp`: every `/route` failure carries `gaslessEligible` and `computeMs` (interface
 * §7), every `/solve` failure `computeMs`.
 */
export const swapFailureFields = {
  "/api/v1/route": { gaslessEligible: false },
  "/api/v1/solve": {},
} satisfies Record<string, Record<string, unknown>>;
