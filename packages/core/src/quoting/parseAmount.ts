import { SluiceError } from "../errors/SluiceError.js";
import { isSupportedDecimals, TOKEN_DECIMALS_MAX } from "./tokenDecimalsMax.js";

/** Checks the shape of a human-readable amount before its token (and so its decimals) is known. */
export function checkAmountFormat(amount: string, field = "amount"): void {
  const text = amount.trim();
  if (/^-\s*\d*\.?\d+$/.test(text)) throw new SluiceError("MALFORMED_REQUEST", `${field}: must not be negative`);
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) {
    throw new SluiceError("MALFORMED_REQUEST", `${field}: must be a decimal number in token units, like "1.5" (got "${amount}")`);
  }
}

/**
 * A human-readable amount ("1.5") in raw base units of a token with `decimals` decimals, exactly (no floats).
 * Refuses a non-number, a negative, zero, and more fractional digits than the token has — each with its own message.
 * A token whose decimals are outside 0..`TOKEN_DECIMALS_MAX` is UNSUPPORTED_TOKEN before anything is computed (the
 * indexer never stores one; this keeps a caller's mistake from padding a string of millions of digits).
 */
export function parseAmount(amount: string, decimals: number, symbol: string, field = "amount"): bigint {
  if (!isSupportedDecimals(decimals)) {
    throw new SluiceError("UNSUPPORTED_TOKEN", `${field}: ${symbol} reports ${decimals} decimals; at most ${TOKEN_DECIMALS_MAX} are supported`);
  }
  checkAmountFormat(amount, field);
  const [whole = "", fraction = ""] = amount.trim().split(".");
  const significant = fraction.replace(/0+$/, "");
  if (significant.length > decimals) {
    throw new SluiceError("MALFORMED_REQUEST", `${field}: ${symbol} has ${decimals} decimals; "${amount}" has ${significant.length}`);
  }
  const raw = BigInt((whole || "0") + significant.padEnd(decimals, "0"));
  if (raw === 0n) throw new SluiceError("MALFORMED_REQUEST", `${field}: must be greater than zero`);
  return raw;
}
