import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { SluiceError } from "./SluiceError.js";
import { isDependencyDown } from "./isDependencyDown.js";
import { errorText } from "../observability/errorText.js";
import { logEvent } from "../observability/logEvent.js";

/**
 * The single error handler of every worker. Known errors become their JSON envelope; Hono's own HTTP
 * exceptions (malformed JSON, oversized body) become MALFORMED_REQUEST; anything else is logged and answered
 * as a bare 500 — never a stack trace. A route's own failure fields (for example `/route`'s `gaslessEligible` and
 * `computeMs`, set by the `failureFields` middleware) are merged here, under the error's own fields.
 */
export function onError(err: Error, c: Context): Response {
  const error = toSluiceError(err);
  c.set("errorCode" as never, error.code as never);
  if (error.code === "INTERNAL" || error.code === "DEPENDENCY_DOWN") {
    logEvent("error", "failure", {
      requestId: c.get("requestId") as string | undefined, code: error.code, route: c.req.routePath,
      error: errorText(err),
      cause: error.cause instanceof Error ? errorText(error.cause) : undefined,
    });
  }
  // A dependency outage is retryable: say when, unless the error says it more precisely.
  if (error.code === "DEPENDENCY_DOWN" && !("Retry-After" in error.headers)) c.header("Retry-After", "5");
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  // The route's failure fields (see `failureFields`), under what the error itself carries.
  const routeFields = (c.get("failureFields") as (() => Record<string, unknown>) | undefined)?.() ?? {};
  return c.json({ ok: false, error: error.message, code: error.code, ...routeFields, ...error.body }, error.status as 400);
}

export function toSluiceError(err: unknown): SluiceError {
  if (err instanceof SluiceError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 400) {
      const message = /json/i.test(err.message) ? "Malformed JSON in request body" : err.message || "Bad request";
      return new SluiceError("MALFORMED_REQUEST", message);
    }
    if (err.status === 401) return new SluiceError("UNAUTHORIZED", err.message);
    if (err.status === 404) return new SluiceError("NOT_FOUND", err.message || "Not found");
    if (err.status === 415) return new SluiceError("MALFORMED_REQUEST", "Content-Type: must be application/json");
    if (err.status >= 400 && err.status < 500) return new SluiceError("MALFORMED_REQUEST", err.message || "Bad request");
  }
  const pgCode = postgresErrorCode(err);
  if (pgCode) {
    const mapped = fromPostgres(pgCode, err);
    if (mapped) return mapped;
  }
  if (isDependencyDown(err)) {
    return new SluiceError("DEPENDENCY_DOWN", "A storage dependency is temporarily unavailable; retry shortly", { cause: err });
  }
  return new SluiceError("INTERNAL", "Internal error", { cause: err });
}

/**
 * Postgres errors that input or load can cause, by SQLSTATE class: a data exception (22, e.g. an impossible date or
 * a number out of range) or a violated check or reference (23) is the request's fault, 400 — input is validated
 * before SQL, so this is the safety net; a duplicate is a CONFLICT; load and transient trouble (40 serialization
 * or deadlock, 53 resources, 55P03 lock not available, 57014 cancelled, 57P0x shutdown, 08 connection) is 503.
 */
function fromPostgres(code: string, cause: unknown): SluiceError | undefined {
  if (code === "23505") return new SluiceError("CONFLICT", "That record already exists", { cause });
  if (code.startsWith("22") || code.startsWith("23")) {
    return new SluiceError("MALFORMED_REQUEST", "A value in the request is out of its allowed range or not valid", { cause });
  }
  if (code.startsWith("40") || code.startsWith("53") || code.startsWith("08") || code === "55P03" || code === "57014" || code.startsWith("57P")) {
    return new SluiceError("DEPENDENCY_DOWN", "A storage dependency is temporarily unavailable; retry shortly", { cause });
  }
  return undefined;
}

/** The SQLSTATE of a Postgres error, looking through driver wrappers. */
function postgresErrorCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
