import { errorStatus, type ErrorCode } from "./errorCodes.js";

export type SluiceErrorOptions = {
  /** Extra fields merged into the JSON error body (e.g. `gaslessEligible`, `quote`). */
  body?: Record<string, unknown>;
  /** Extra response headers (e.g. `Retry-After`). */
  headers?: Record<string, string>;
  /** What a caller can do about it; logged, and shown in the OpenAPI document's descriptions. */
  hint?: string;
  cause?: unknown;
};

/**
 * An error that becomes a JSON answer: `{ ok: false, error: message, code, ...body }` with the status of its code.
 * Anything thrown that is not a SluiceError is answered as a generic 500 without details.
 */
export class SluiceError extends Error {
  override readonly name = "SluiceError";
  readonly code: ErrorCode;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
  readonly hint?: string;

  constructor(code: ErrorCode, message: string, options: SluiceErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.body = options.body ?? {};
    this.headers = options.headers ?? {};
    this.hint = options.hint;
  }

  /**
   * This failure with more context fields (for example the quote a later step failed on). The error's own fields
   * win; the original is left as it was, so an error is never changed after it is built.
   */
  withBody(extra: Record<string, unknown>): SluiceError {
    return new SluiceError(this.code, this.message, { body: { ...extra, ...this.body }, headers: this.headers, hint: this.hint, cause: this.cause });
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toJSON(): Record<string, unknown> {
    return { ok: false, error: this.message, code: this.code, ...this.body };
  }
}

export function isSluiceError(value: unknown): value is SluiceError {
  return value instanceof SluiceError;
}
