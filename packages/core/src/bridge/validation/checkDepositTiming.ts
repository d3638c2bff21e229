/**
 * Timing that decides whether a deposit is filled or sits unfilled until refunded, and whether it reverts when sent:
 * - the fill deadline leaves a real fill window (at least `minFillWindowSeconds`, default `MIN_FILL_WINDOW_SECONDS`);
 * - an exclusive relayer's exclusivity ends no later than the fill deadline (else nobody else may fill in time);
 * - the quote timestamp sits inside the SpokePool's `depositQuoteTimeBuffer` (3600 s) with a margin, so the deposit
 *   does not revert for a stale quote time when the user signs a little later, and is not in the future;
 * - the quote's expiry is in seconds and within `MAX_QUOTE_LIFETIME_SECONDS` (Across sets quote time + 3600).
 * Exclusivity follows the SpokePool: 0 is none, up to `MAX_EXCLUSIVITY_PERIOD_SECONDS` an offset from the deposit's
 * block time, above it an absolute timestamp.
 */
import type { QuoteValidationContext } from "./quoteValidationTypes.js";

export const MIN_FILL_WINDOW_SECONDS = 600;
const QUOTE_TIME_BUFFER_SECONDS = 3600;
const QUOTE_TIME_MARGIN_SECONDS = 600;
const MAX_QUOTE_LIFETIME_SECONDS = 3600 + 300;
const MAX_EXCLUSIVITY_PERIOD_SECONDS = 31_536_000;
const ZERO = /^0x0{40}$/i;

export function checkDepositTiming({ quote, deposit, nowSeconds, minFillWindowSeconds = MIN_FILL_WINDOW_SECONDS }: QuoteValidationContext): string[] {
  const problems: string[] = [];
  if (deposit.fillDeadline > nowSeconds && deposit.fillDeadline < nowSeconds + minFillWindowSeconds) {
    problems.push(`the fill deadline leaves ${deposit.fillDeadline - nowSeconds} s to fill, less than ${minFillWindowSeconds} s`);
  }
  const p = deposit.exclusivityParameter;
  if (p !== 0 && !ZERO.test(deposit.exclusiveRelayer)) {
    const exclusivityDeadline = p <= MAX_EXCLUSIVITY_PERIOD_SECONDS ? nowSeconds + p : p;
    if (exclusivityDeadline > deposit.fillDeadline) {
      problems.push(`the exclusive relayer's exclusivity (until ${exclusivityDeadline}) outlasts the fill deadline (${deposit.fillDeadline})`);
    }
  }
  if (deposit.quoteTimestamp < nowSeconds - QUOTE_TIME_BUFFER_SECONDS + QUOTE_TIME_MARGIN_SECONDS) {
    problems.push(`the quote timestamp ${deposit.quoteTimestamp} is about to leave the SpokePool's window; the deposit would revert`);
  }
  const expiry = quote.quoteExpiryTimestamp;
  if (typeof expiry === "number" && (!Number.isInteger(expiry) || expiry > nowSeconds + MAX_QUOTE_LIFETIME_SECONDS)) {
    problems.push(`the quote expiry ${expiry} is not a time in seconds within ${MAX_QUOTE_LIFETIME_SECONDS} s`);
  }
  return problems;
}
