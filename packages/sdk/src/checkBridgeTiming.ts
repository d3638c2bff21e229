/**
 * A bridge deposit's timing, mirroring core's `checkDepositTerms` / `checkDepositTiming` at the moment the wallet
 * would sign it: the fill deadline leaves relayers at least the minimum fill window; the quote timestamp is neither in
 * the future (5 minutes of clock difference allowed) nor past the SpokePool's quote time buffer (the deposit would
 * revert); an exclusive relayer's exclusivity (an offset from the deposit's block, or an absolute deadline above the
 * SpokePool's maximum period) ends at least the minimum fill window before the fill deadline, so every relayer can
 * fill it — the exclusive one cannot hold the deposit until it expires.
 */
import { isAddressEqual, zeroAddress } from "viem";
import { fail } from "./answerChecks.js";
import type { BridgeDepositTerms } from "./decodeBridgeDeposit.js";
import { BRIDGE_MIN_FILL_WINDOW_SECONDS, SPOKE_POOL_MAX_EXCLUSIVITY_PERIOD_SECONDS, SPOKE_POOL_QUOTE_TIME_BUFFER_SECONDS } from "./pinned.js";

export function checkBridgeTiming(d: BridgeDepositTerms, nowSeconds: number, window = BRIDGE_MIN_FILL_WINDOW_SECONDS): void {
  if (d.fillDeadline < nowSeconds + window) fail("swapTx.data fillDeadline", `at least ${window} s ahead (now ${nowSeconds})`, d.fillDeadline);
  if (d.quoteTimestamp > nowSeconds + 300) fail("swapTx.data quoteTimestamp", `not in the future (now ${nowSeconds})`, d.quoteTimestamp);
  if (d.quoteTimestamp <= nowSeconds - SPOKE_POOL_QUOTE_TIME_BUFFER_SECONDS) {
    fail("swapTx.data quoteTimestamp", `within the SpokePool's ${SPOKE_POOL_QUOTE_TIME_BUFFER_SECONDS} s buffer (now ${nowSeconds})`, d.quoteTimestamp);
  }
  const p = d.exclusivityParameter;
  if (p === 0 || isAddressEqual(d.exclusiveRelayer, zeroAddress)) return;
  const end = p > SPOKE_POOL_MAX_EXCLUSIVITY_PERIOD_SECONDS ? p : nowSeconds + p;
  if (end > d.fillDeadline - window) {
    fail("swapTx.data exclusivityParameter", `an exclusivity of ${d.exclusiveRelayer} ending at least ${window} s before the fill deadline ${d.fillDeadline}`, `${p} (ends ${end})`);
  }
}
