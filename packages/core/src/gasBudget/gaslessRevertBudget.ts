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

/**
 * A budget per account (API account) and chain over its fresh owners: wallets are free to make, so gasless swaps from
 * many fresh wallets, each reverting its own three (a tolerance of zero on a busy pool is enough, no sabotage needed),
 * would cost Sluice three transactions' gas per wallet without end. Once at least `ACCOUNT_GASLESS_REVERTS_FLOOR` of an
 * account's gasless swaps on a chain reverted in the last day (`accountGaslessWindow`, sliding) **and** they are more
 * than `ACCOUNT_GASLESS_REVERT_SHARE_BPS` of the swaps it sent there, its owners without a successful gasless swap on
 * the chain in 30 days (`markGaslessOwnerProven`) pay their own gas; its proven owners, its real users, stay gasless
 * (an attacker making fresh wallets revert through a partner's app must not turn gasless swaps off for the partner's
 * users), each still under its own budget. A partner with real traffic and honest bad luck (a price past the slippage
 * bound now and then) never meets the share; beyond the floor, each revert costs twenty sent swaps, and making a wallet
 * proven costs a real swap above the gasless minimum. The reverts age out of the sliding day, so a pause lifts by itself.
 */
export const ACCOUNT_GASLESS_REVERTS_FLOOR = 10;
/** 5 %: see `ACCOUNT_GASLESS_REVERTS_FLOOR`. */
export const ACCOUNT_GASLESS_REVERT_SHARE_BPS = 500;

/**
 * Why gasless solves are paused: the owner's reverts in the window, as many of its swaps in flight as allowed
 * (`claimGaslessSlot`), or (for an owner not proven) the account's reverts over its budget, with its sends, or as many
 * of the account's swaps by owners not proven in flight as allowed: for the operator's log, not the answer (partners show answers to their users; the account's volume is not theirs to read).
 */
export type GaslessPause = { reverts: number } | { inFlight: number } | { accountReverts: number; accountSends: number }
  | { accountInFlight: number };

/**
 * `Gasless paused: 3 gasless swaps of 0x… on base reverted on chain in the last 24 hours; …` — `/solve`'s answer for
 * an owner over the budget (`too many of this integration's gasless swaps on base by new wallets …` for a new owner of
 * an account over its own), or `Gasless paused: 4 gasless swaps of 0x… on base are not mined yet; …` for one with as
 * many in flight as allowed: the same body as `Swap too small` (the quote and the encode-only `transaction` the owner
 * submits, paying gas, then `/confirm`s), under its own code.
 */
export function gaslessPaused(quote: SwapQuote, owner: Address, pause: GaslessPause, transaction: Record<string, unknown>): SluiceError {
  const why = "reverts" in pause
    ? `${pause.reverts} gasless swaps of ${owner} on ${quote.chain} reverted on chain in the last 24 hours; `
      + "submit `transaction` from the owner (paying gas), then call /confirm"
    : "accountReverts" in pause
      ? `too many of this integration's gasless swaps on ${quote.chain} by new wallets reverted on chain in the last day; `
        + "submit `transaction` from the owner (paying gas), then call /confirm"
      : "accountInFlight" in pause
        ? `too many of this integration's gasless swaps on ${quote.chain} by new wallets are not mined yet; `
          + "solve again once they are, or submit `transaction` from the owner (paying gas), then call /confirm"
        : `${pause.inFlight} gasless swaps of ${owner} on ${quote.chain} are not mined yet; `
          + "solve again once they are, or submit `transaction` from the owner (paying gas), then call /confirm";
  return new SluiceError("GASLESS_PAUSED", `Gasless paused: ${why}`, {
    body: { gaslessEligible: false, gaslessMinimumUsd: Number(quote.gaslessMinimumUsd), quote: formatQuote(quote), transaction },
    hint: "submit `transaction` from the permit's owner, then call /confirm with its hash",
  });
}
