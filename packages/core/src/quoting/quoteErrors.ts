import { SluiceError } from "../errors/SluiceError.js";
import { formatQuote } from "./formatQuote.js";
import { MAX_PRICE_IMPACT_BPS, type SwapQuote } from "./swapQuote.js";

/** Below this many raw units of output, one unit lost to rounding is a basis point or more of it. */
const DUST_OUTPUT_RAW = 10_000n;

/**
 * `Price impact too high: 812 bps exceeds the 500 bps maximum; use a smaller amount` (or, for a dust output, the
 * advice to use a larger one).
 */
export function priceImpactTooHigh(quote: SwapQuote): SluiceError {
  // A dust output loses to rounding alone (a raw unit of 2 is half of it): "use a smaller amount" would be backwards.
  const advice = quote.amountOut < DUST_OUTPUT_RAW
    ? `the output (${quote.amountOut} raw units of ${quote.tokenOut.symbol}) is too small to be priced fairly; use a larger amount`
    : "use a smaller amount";
  return new SluiceError(
    "PRICE_IMPACT_TOO_HIGH",
    `Price impact too high: ${quote.priceImpactBps} bps exceeds the ${MAX_PRICE_IMPACT_BPS} bps maximum; ${advice}`,
    { body: { gaslessEligible: false, gaslessMinimumUsd: Number(quote.gaslessMinimumUsd) } },
  );
}

/**
 * `Swap too small: 12.5 USD is below the 20 USD gasless minimum on base` — the failure of decisions §2.11, the same
 * from /route and /solve. It carries the quote and, from /route, the permit to sign for /solve's encode-only
 * calldata; from /solve, that calldata (`transaction`), which the user submits (paying gas) and then confirms.
 */
export function swapTooSmall(quote: SwapQuote, encodeOnly?: { transaction: Record<string, unknown> }): SluiceError {
  // A swap with an unlisted token is worth 0 whatever its size (`swapValueUsd`): say why, or "0 USD" puzzles.
  const unlisted = [quote.tokenIn, quote.tokenOut].filter((t) => !t.listed && quote.volumeSide === null).map((t) => t.symbol);
  const why = unlisted.length === 0 ? "" : ` (${unlisted.join(" and ")} ${unlisted.length === 1 ? "is not a listed token" : "are not listed tokens"}: a swap with an unlisted token is valued at 0 USD and earns no volume)`;
  return new SluiceError(
    "SWAP_TOO_SMALL",
    `Swap too small: ${quote.volumeUsd} USD is below the ${quote.gaslessMinimumUsd} USD gasless minimum on ${quote.chain}${why}`,
    {
      body: {
        gaslessEligible: false,
        gaslessMinimumUsd: Number(quote.gaslessMinimumUsd),
        quote: formatQuote(quote),
        ...(quote.permit ? { permit: quote.permit } : {}),
        ...(encodeOnly ? { transaction: encodeOnly.transaction } : {}),
      },
      hint: encodeOnly ? "submit `transaction` from the permit's owner, then call /confirm with its hash" : "sign `permit` and call /solve for encode-only calldata",
    },
  );
}

/** Whether the quote is below the gasless minimum (as opposed to ineligible because the chain has no executor). */
export function isBelowGaslessMinimum(quote: SwapQuote): boolean {
  return !quote.gaslessEligible && quote.executor !== null;
}
