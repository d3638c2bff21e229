import { ratioFromDecimal, ratioToDecimal } from "../quoting/decimalFraction.js";
import type { SwapQuote } from "../quoting/swapQuote.js";

export type ProvenVolumeUsdParameters = {
  quote: Pick<SwapQuote, "volumeUsd" | "volumeSide" | "amountOut">;
  /** The least output the executor lets the swap pay (the signed minimum or the slippage bound, whichever is higher). */
  minAmountOut: bigint;
};

/**
 * The volume a solve is credited with (its usage event and encoded swap: what rebates are paid on): what the chain
 * guarantees, not what the quote expects. A swap valued by its input (a curated token) moves exactly the permit's
 * amount, so it is the quote's volume. One valued by its output (a listed uncurated token sold for a curated one) is
 * sure to pay only the minimum the executor enforces, so its volume is scaled to that minimum: a quote taken on a pool
 * state that the swapper's own trades then skew before it is mined (as far as the slippage allowed, up to 5,000 bps)
 * earns nothing on output that never arrived. At the default slippage (5 bps) an honest sale is credited 0.05 % less.
 */
export function provenVolumeUsd({ quote, minAmountOut }: ProvenVolumeUsdParameters): string {
  if (quote.volumeSide !== "out" || quote.amountOut === 0n || minAmountOut >= quote.amountOut) return quote.volumeUsd;
  const quoted = ratioFromDecimal(quote.volumeUsd);
  return ratioToDecimal({ numerator: quoted.numerator * minAmountOut, denominator: quoted.denominator * quote.amountOut }, 6, "floor");
}
