import type { RouteFailure, SluiceErrorCode, SolveFailure } from "./types.js";

type FailureExtras<T> = Partial<Omit<T, "ok" | "error" | "code">>;

/**
 * The extra fields a failure may carry beside `ok`, `error` and `code`, from the API's failure schemas: /route's
 * `gaslessEligible` and `computeMs`; `Swap too small`'s quote, permit (from /route) and encode-only transaction (from
 * /solve); and whatever a later version adds.
 */
export type SluiceFailureFields = FailureExtras<RouteFailure> & FailureExtras<SolveFailure> & { [field: string]: unknown };

/**
 * A failure Sluice answered (`{ ok: false, error, code, … }`), or an answer that was not Sluice's JSON at all
 * (`code: "INVALID_RESPONSE"`). `status` is the HTTP status; `fields` the failure's extra fields; `retryAfter` the
 * seconds a rate-limited request should wait.
 */
export class SluiceApiError extends Error {
  override readonly name = "SluiceApiError";
  readonly code: SluiceErrorCode | "INVALID_RESPONSE";
  readonly status: number;
  readonly fields: SluiceFailureFields;
  readonly retryAfter?: number;
  /** The method and path of the request that failed, e.g. `POST /api/v1/route`. */
  readonly request: string;

  constructor(init: { message: string; code: SluiceErrorCode | "INVALID_RESPONSE"; status: number; request: string; fields?: SluiceFailureFields; retryAfter?: number }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.request = init.request;
    this.fields = init.fields ?? {};
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
  }
}

/** Whether `error` is a {@link SluiceApiError}, optionally with the given code. */
export function isSluiceApiError(error: unknown, code?: SluiceErrorCode): error is SluiceApiError {
  return error instanceof SluiceApiError && (code === undefined || error.code === code);
}

/**
 * Answers that asking again may change (the SDK asks again only for idempotent reads and `/confirm`, never `/solve`):
 * not known yet (`NOT_FOUND`: not indexed or propagated), a dependency or upstream down, rate limited.
 */
export const TRANSIENT_ERROR_CODES: ReadonlySet<string> = new Set(["NOT_FOUND", "UPSTREAM_ERROR", "DEPENDENCY_DOWN", "RATE_LIMITED"]);

/** A transaction the SDK sent from the user's wallet was mined but reverted. */
export class SluiceTransactionError extends Error {
  override readonly name = "SluiceTransactionError";
  constructor(message: string, readonly txHash: `0x${string}`) {
    super(message);
  }
}

/** A wait (e.g. `bridge.waitForFill`) ran out of time. */
export class SluiceTimeoutError extends Error {
  override readonly name = "SluiceTimeoutError";
}

/**
 * An answer the SDK will not act on: something the API answered (a permit, a transaction) differs from what the
 * request, the chain or the SDK's pinned constants say it must be. It is thrown before anything of that answer is
 * approved, signed or sent. `field` names what differs (e.g. `permit.message.spender`), `expected` and `received` say
 * how, `hint` what to do.
 */
export class SluiceVerificationError extends Error {
  override readonly name = "SluiceVerificationError";
  readonly field: string;
  readonly expected: string;
  readonly received: string;
  readonly hint: string;

  constructor(init: { field: string; expected: string; received: string; hint?: string }) {
    const hint = init.hint ?? "Nothing was approved, signed or sent. Sluice never answers this: check `baseUrl` and anything between it and Sluice";
    super(`${init.field}: must be ${init.expected}, but the answer has ${init.received}. ${hint}`);
    this.field = init.field;
    this.expected = init.expected;
    this.received = init.received;
    this.hint = hint;
  }
}
