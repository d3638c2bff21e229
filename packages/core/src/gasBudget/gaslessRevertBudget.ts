import type { Address } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { formatQuote } from "../quoting/formatQuote.js";
import type { SwapQuote } from "../quoting/swapQuote.js";

/**
 * How many of one owner's gasless swaps on one chain may revert on chain (each costing Sluice the relayer's gas) before
 * its gasless solves pause: the owner then pays gas (the user-paid path) until the window that began with the first
 * revert has passed. Three allow for honest bad luck (a price that moved past the slippage bound between simulation and
 * inclusion); an owner who moves its tokens or spends its nonce after every simulation costs Sluice three transactions'
 * gas a day at most.
 */
export const GASLESS_REVERTS_ALLOWED = 3;
/** The window the reverts are counted in, from the first one. */
export const GASLESS_REVERT_WINDOW_SECONDS = 24 * 3600;

/** Why an owner's gasless solves are paused: reverts in the window, or as many swaps in flight as allowed (`claimGaslessSlot`). */
export type GaslessPause = { reverts: number } | { inFlight: number };

/**
 * `Gasless paused: 3 gasless swaps of 0x… on base reverted on chain in the last 24 hours; …` — `/solve`'s answer for
 * an owner over the budget, or `Gasless paused: 4 gasless swaps of 0x… on base are not mined yet; …` for one with as
 * many in flight as allowed: the same body as `Swap too small` (the quote and the encode-only `transaction` the owner
 * submits, paying gas, then `/confirm`s), under its own code.
 */
export function gaslessPaused(quote: SwapQuote, owner: Address, pause: GaslessPause, transaction: Record<string, unknown>): SluiceError {
  const why = "reverts" in pause
    ? `${pause.reverts} gasless swaps of ${owner} on ${quote.chain} reverted on chain in the last 24 hours; `
      + "submit `transaction` from the owner (paying gas), then call /confirm"
    : `${pause.inFlight} gasless swaps of ${owner} on ${quote.chain} are not mined yet; `
      + "solve again once they are, or submit `transaction` from the owner (paying gas), then call /confirm";
  return new SluiceError("GASLESS_PAUSED", `Gasless paused: ${why}`, {
    body: { gaslessEligible: false, gaslessMinimumUsd: Number(quote.gaslessMinimumUsd), quote: formatQuote(quote), transaction },
    hint: "submit `transaction` from the permit's owner, then call /confirm with its hash",
  });
}
