/**
 * Every error Sluice answers with has one of these codes. The code decides the HTTP status (decisions §2.2);
 * handlers never pick a status themselves.
 */
export const errorStatus = {
  MALFORMED_REQUEST: 400,
  UNSUPPORTED_CHAIN: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SWAP_TOO_SMALL: 422,
  PRICE_IMPACT_TOO_HIGH: 422,
  NO_ROUTE: 422,
  UNSUPPORTED_TOKEN: 422,
  PERMIT_INVALID: 422,
  TRANSACTION_REJECTED: 422,
  QUOTE_EXPIRED: 422,
  SIMULATION_FAILED: 422,
  GASLESS_PAUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_ERROR: 502,
  DEPENDENCY_DOWN: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export type ErrorStatus = (typeof errorStatus)[ErrorCode];

/** The one message every authentication or rate-limit failure answers with (interface §5.7). */
export const INVALID_KEY_MESSAGE = "Invalid or revoked API key";
