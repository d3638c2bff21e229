/**
 * The expiry Sluice answers for a validated bridge quote: the last moment a user may sign its deposit so that the
 * deposit neither reverts nor leaves relayers less than the minimum fill window. Across' own expiry, but no later than:
 * - the SpokePool's quote time buffer (quote timestamp + 3600 s) less the time a signed deposit may take to be mined
 *   (Across sets its expiry at exactly the buffer's end: a deposit signed just before it would revert, its gas lost);
 * - the fill deadline less the minimum fill window and that same time to be mined (signed later, or mined late,
 *   relayers would have seconds to fill);
 * - and, with an exclusive relayer whose exclusivity is an offset from the deposit's block, that much earlier again
 *   (else only that relayer could fill in the window left).
 * So a quote is answered with an honest validity instead of being refused for an optimistic one; `checkDepositTiming`
 * refuses it when this leaves no time at all.
 */
import type { QuoteValidationContext } from "./quoteValidationTypes.js";

/** Time allowed between the user signing the deposit and its block (default of `BRIDGE_DEPOSIT_INCLUSION_SECONDS`). */
export const DEPOSIT_INCLUSION_MARGIN_SECONDS = 300;
export const MIN_FILL_WINDOW_SECONDS = 600;
/** The SpokePool's `depositQuoteTimeBuffer`: a deposit reverts once its block is this long after its quote timestamp. */
export const QUOTE_TIME_BUFFER_SECONDS = 3600;
/** Above this, the SpokePool reads `exclusivityParameter` as an absolute timestamp, not an offset. */
export const MAX_EXCLUSIVITY_PERIOD_SECONDS = 31_536_000;

/**
 * An exclusive relayer's exclusivity as an offset from the deposit's block (s), or 0: none, or an absolute deadline
 * (above `MAX_EXCLUSIVITY_PERIOD_SECONDS` the SpokePool reads the parameter as a timestamp).
 */
export function exclusivityOffset(deposit: Pick<QuoteValidationContext["deposit"], "exclusivityParameter" | "exclusiveRelayer">): number {
  const p = deposit.exclusivityParameter;
  return p !== 0 && !/^0x0{40}$/i.test(deposit.exclusiveRelayer) && p <= MAX_EXCLUSIVITY_PERIOD_SECONDS ? p : 0;
}

export function bridgeQuoteExpiry({
  quote, deposit, minFillWindowSeconds = MIN_FILL_WINDOW_SECONDS, depositInclusionSeconds = DEPOSIT_INCLUSION_MARGIN_SECONDS,
}: Pick<QuoteValidationContext, "quote" | "deposit" | "minFillWindowSeconds" | "depositInclusionSeconds">): number {
  return Math.min(
    quote.quoteExpiryTimestamp!,
    deposit.quoteTimestamp + QUOTE_TIME_BUFFER_SECONDS - depositInclusionSeconds,
    deposit.fillDeadline - minFillWindowSeconds - depositInclusionSeconds - exclusivityOffset(deposit),
  );
}
