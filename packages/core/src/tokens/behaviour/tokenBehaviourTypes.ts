import type { Address } from "viem";

/**
 * How a token transfers, as simulated on the chain's latest state (`detectTokenBehaviour`):
 * - `standard`: the recipient gets exactly what was sent, the sender loses exactly that, nothing reverts;
 * - `fee-on-transfer`: the recipient gets (or the sender loses) a different amount, on any transfer or only on a sale
 *   into a pool (a honeypot's sell tax);
 * - `transfer-blocking`: a transfer reverts (paused, blocklisted, allowlist-only, or only a sale into a pool: a
 *   honeypot);
 * - `rebasing`: balances move without transfers (a pair's balance differs from its recorded reserve) or by the
 *   wei of share rounding;
 * - `unknown`: never checked, or the probe could not tell (no pool to borrow from, an unexpected revert).
 */
export type TokenBehaviour = "standard" | "fee-on-transfer" | "transfer-blocking" | "rebasing" | "unknown";

export type TokenBehaviourRecord = {
  behaviour: TokenBehaviour;
  /** Unix milliseconds of the check. */
  checkedAt: number;
  /** What the probe saw, for logs and error messages (e.g. "sent 500, received 495"). */
  detail: string;
};

/** The known behaviours of one chain's tokens, by lower-case address. */
export type TokenBehaviours = ReadonlyMap<Address, TokenBehaviourRecord>;

/** A stored result older than this is ignored (the token counts as unchecked). */
export const TOKEN_BEHAVIOUR_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** The cron re-checks a result older than this (a token's code or state can change, e.g. a fee switched on). */
export const TOKEN_BEHAVIOUR_RECHECK_MS = 24 * 3600 * 1000;
/** An `unknown` result (the probe could not tell) is retried sooner. */
export const TOKEN_BEHAVIOUR_UNKNOWN_RECHECK_MS = 3600 * 1000;
/** At most this many tokens are probed per cron run and chain (one eth_call each). */
export const TOKEN_BEHAVIOUR_CHECKS_PER_RUN = 40;
/** A received amount short by at most this many wei is share rounding (rebasing), not a fee. */
export const ROUNDING_WEI = 2n;
/** A V2 pair's balance above its reserve by more than 1/this is a rebase, not a donation of dust. */
export const DONATION_TOLERANCE_DIVISOR = 1000n;
