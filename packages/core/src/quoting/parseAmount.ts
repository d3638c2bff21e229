import { SluiceError } from "../errors/SluiceError.js";
import { isSupportedDecimals, TOKEN_DECIMALS_MAX } from "./tokenDecimalsMax.js";

/**
 * The one shape of a human-readable amount that `/route` and `/solve` accept (both bodies' `amount`, and the parse
 * below): digits, optionally a point followed by 1 to 36 digits (`TOKEN_DECIMALS_MAX`). No sign, exponent, spaces or
 * bare point (".5", "1."): /solve always refused those, and one rule keeps a body /route quoted acceptable to /solve.
 */
export const AMOUNT_PATTERN = /^\d{1,40}(\.\d{1,36})?$/;

/**
 * The largest raw amount a swap takes: the executor packs each split's input as a uint128 (SluiceExecutor.sol), so a
 * larger amount could be quoted but never encoded. 2^128 raw units is 3.4e20 tokens of 18 decimals, past any real supply.
 */
export const SWAP_AMOUNT_RAW_MAX = (1n << 128n) - 1n;

/** What is wrong with the shape of `amount` (see `AMOUNT_PATTERN`), or undefined when nothing is. */
export function amountFormatProblem(amount: string): string | undefined {
  if (AMOUNT_PATTERN.test(amount)) return undefined;
  if (/^\s*-\s*\d*\.?\d+\s*$/.test(amount)) return "must not be negative";
  return `must be a decimal number in token units, like "1.5": up to 40 digits, a point with 1 to 36 digits after it, `
    + `no sign, exponent or spaces (got "${amount.length > 60 ? `${amount.slice(0, 60)}…` : amount}")`;
}

/** Checks the shape of a human-readable amount before its token (and so its decimals) is known. */
export function checkAmountFormat(amount: string, field = "amount"): void {
  const problem = amountFormatProblem(amount);
  if (problem) throw new SluiceError("MALFORMED_REQUEST", `${field}: ${problem}`);
}

/**
 * A human-readable amount ("1.5") in raw base units of a token with `decimals` decimals, exactly (no floats).
 * Refuses a non-number, a negative, zero, more fractional digits than the token has, and more than
 * `SWAP_AMOUNT_RAW_MAX` raw units — each with its own message.
 * A token whose decimals are outside 0..`TOKEN_DECIMALS_MAX` is UNSUPPORTED_TOKEN before anything is computed (the
 * indexer never stores one; this keeps a caller's mistake from padding a string of millions of digits).
 */
export function parseAmount(amount: string, decimals: number, symbol: string, field = "amount"): bigint {
  if (!isSupportedDecimals(decimals)) {
    throw new SluiceError("UNSUPPORTED_TOKEN", `${field}: ${symbol} reports ${decimals} decimals; at most ${TOKEN_DECIMALS_MAX} are supported`);
  }
  checkAmountFormat(amount, field);
  const [whole = "", fraction = ""] = amount.split(".");
  const significant = fraction.replace(/0+$/, "");
  if (significant.length > decimals) {
    throw new SluiceError("MALFORMED_REQUEST", `${field}: ${symbol} has ${decimals} decimals; "${amount}" has ${significant.length}`);
  }
  const raw = BigInt((whole || "0") + significant.padEnd(decimals, "0"));
  if (raw === 0n) throw new SluiceError("MALFORMED_REQUEST", `${field}: must be greater than zero`);
  if (raw > SWAP_AMOUNT_RAW_MAX) {
    throw new SluiceError("MALFORMED_REQUEST", `${field}: "${amount}" ${symbol} is ${raw} raw units; a swap takes at most 2^128 - 1 (${SWAP_AMOUNT_RAW_MAX})`);
  }
  return raw;
}
