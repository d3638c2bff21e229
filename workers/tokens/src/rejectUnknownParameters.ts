import type { MiddlewareHandler } from "hono";
import { SluiceError } from "@sluice/core";

/**
 * Refuses a query parameter the endpoint does not know, or one given twice, with a 400 naming it: a misspelt
 * `limt=5` silently ignored would answer a list the caller did not ask for.
 */
export function rejectUnknownParameters(accepted: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const seen = new Set<string>();
    for (const name of new URL(c.req.url).searchParams.keys()) {
      const shown = name.length > 40 ? `${name.slice(0, 40)}…` : name;
      if (!accepted.includes(name)) throw new SluiceError("MALFORMED_REQUEST", `${shown}: unknown parameter (accepted: ${accepted.join(", ")})`);
      if (seen.has(name)) throw new SluiceError("MALFORMED_REQUEST", `${shown}: given more than once`);
      seen.add(name);
    }
    await next();
  };
}
