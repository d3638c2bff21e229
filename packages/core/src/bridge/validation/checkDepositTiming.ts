/**
 * Timing that decides whether a deposit is filled or sits unfilled until refunded, and whether it reverts when sent:
 * - the fill deadline leaves a real fill window now (at least `minFillWindowSeconds`, default `MIN_FILL_WINDOW_SECONDS`);
 * - an exclusive relayer's absolute exclusivity deadline leaves that minimum window before the fill deadline (an
 *   offset is answered by the quote's expiry instead: `bridgeQuoteExpiry`);
 * - the quote timestamp sits inside the SpokePool's `depositQuoteTimeBuffer` (3600 s) with a margin, and is not in the
 *   future;
 * - the quote's expiry is in seconds and within `MAX_QUOTE_LIFETIME_SECONDS`;
 * - the expiry Sluice answers (`bridgeQuoteExpiry`: Across' own, shortened so a deposit signed at any moment before it
 *   neither reverts nor cuts the fill window short) is still ahead. An Across expiry already past is QUOTE_EXPIRED,
 *   answered by the caller.
 */
import {
  bridgeQuoteExpiry, DEPOSIT_INCLUSION_MARGIN_SECONDS, exclusivityOffset, MAX_EXCLUSIVITY_PERIOD_SECONDS, MIN_FILL_WINDOW_SECONDS, QUOTE_TIME_BUFFER_SECONDS,
} from "./bridgeQuoteExpiry.js";
import type { QuoteValidationContext } from "./quoteValidationTypes.js";

export { MIN_FILL_WINDOW_SECONDS, QUOTE_TIME_BUFFER_SECONDS };
const QUOTE_TIME_MARGIN_SECONDS = 600;
const MAX_QUOTE_LIFETIME_SECONDS = 3600 + 300;
const ZERO = /^0x0{40}$/i;

export function checkDepositTiming(context: QuoteValidationContext): string[] {
  const { quote, deposit, nowSeconds, minFillWindowSeconds = MIN_FILL_WINDOW_SECONDS } = context;
  const inclusion = context.depositInclusionSeconds ?? DEPOSIT_INCLUSION_MARGIN_SECONDS;
  const problems: string[] = [];
  if (deposit.fillDeadline > nowSeconds && deposit.fillDeadline < nowSeconds + minFillWindowSeconds) {
    problems.push(`the fill deadline leaves ${deposit.fillDeadline - nowSeconds} s to fill, less than ${minFillWindowSeconds} s`);
  }
  const expiry = quote.quoteExpiryTimestamp;
  const validExpiry = typeof expiry === "number" && Number.isInteger(expiry) && expiry <= nowSeconds + MAX_QUOTE_LIFETIME_SECONDS;
  if (typeof expiry === "number" && !validExpiry) {
    problems.push(`the quote expiry ${expiry} is not a time in seconds within ${MAX_QUOTE_LIFETIME_SECONDS} s`);
  }
  const p = deposit.exclusivityParameter;
  if (p > MAX_EXCLUSIVITY_PERIOD_SECONDS && !ZERO.test(deposit.exclusiveRelayer) && p > deposit.fillDeadline - minFillWindowSeconds) {
    problems.push(`the exclusive relayer's exclusivity (until ${p}) outlasts the fill deadline (${deposit.fillDeadline}) less the minimum fill window of ${minFillWindowSeconds} s`);
  }
  if (deposit.quoteTimestamp < nowSeconds - QUOTE_TIME_BUFFER_SECONDS + QUOTE_TIME_MARGIN_SECONDS) {
    problems.push(`the quote timestamp ${deposit.quoteTimestamp} is about to leave the SpokePool's window; the deposit would revert`);
  }
  if (validExpiry && expiry > nowSeconds && bridgeQuoteExpiry(context) <= nowSeconds) {
    problems.push(`no moment is left to sign the deposit: signed now and mined within ${inclusion} s, it would revert for its quote timestamp `
      + `${deposit.quoteTimestamp}, or leave relayers less than ${minFillWindowSeconds} s before the fill deadline ${deposit.fillDeadline}`
      + (exclusivityOffset(deposit) > 0 ? ` once the exclusive relayer's ${p} s are over (its exclusivity outlasts the fill deadline less the window)` : ""));
  }
  return problems;
}
