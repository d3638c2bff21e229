/**
 * A bridge deposit's amounts against the quote's own figures, the request and Sluice's bounds, mirroring core's
 * `checkFeeDisclosure`, `checkAppFee`, `checkDepositTerms` and `checkEconomicBounds`:
 * - the quote's `expectedOutputAmount` and `minOutputAmount` are exactly what the recipient receives, and
 *   `fees.app.amount` exactly the fee the handler message pays: the deposit's output is the quote's stated one;
 * - the app fee is Sluice's 10 bps (`BRIDGE_APP_FEE_BPS`) of the output, or of the requested amount for exactOutput;
 * - exactInput takes exactly the requested amount; exactOutput delivers exactly it; minOutput at least it less
 *   1 ppm + 1 base unit (Across' rounding);
 * - same asset (same symbol, or two USD stablecoins): the output the user pays for is at least the input less the
 *   maximum fee (`maxFeeBps`: the deployment's `BRIDGE_MAX_FEE_BPS`, default 300), in whole-token units and rounded
 *   down as core rounds it (`floor(input × (10000 − maxFeeBps) / 10000)`) — which also bounds the input of an
 *   exactOutput / minOutput deposit — and the deposit's own output does not exceed its input (stablecoins: by more
 *   than that maximum), else no relayer fills it. Different assets cannot be valued without prices: only the request
 *   and the disclosure bind them.
 */
import { fail } from "./answerChecks.js";
import type { BridgePayout } from "./checkBridgePayout.js";
import type { BridgeDepositTerms } from "./decodeBridgeDeposit.js";
import { BRIDGE_APP_FEE_BPS, BRIDGE_MAX_FEE_BPS, USD_STABLE_SYMBOLS } from "./pinned.js";

type Token = { symbol: string; decimals: number };

export function checkBridgeAmounts(d: BridgeDepositTerms, payout: BridgePayout, p: {
  stated: { expectedOutputAmount: bigint; minOutputAmount: bigint; appFee: bigint };
  inputToken: Token; outputToken: Token;
  tradeType?: "exactInput" | "minOutput" | "exactOutput"; amount?: bigint;
  /** The deployment's `BRIDGE_MAX_FEE_BPS` (the client's `bridgeMaxFeeBps`); default `BRIDGE_MAX_FEE_BPS` (300). */
  maxFeeBps?: bigint;
}): void {
  const { stated, tradeType, amount, maxFeeBps = BRIDGE_MAX_FEE_BPS } = p;
  const deliveredField = payout.shape === "exactOutput" ? "swapTx.data message calls[1] amount" : "swapTx.data outputAmount";
  for (const [name, value] of [["expectedOutputAmount", stated.expectedOutputAmount], ["minOutputAmount", stated.minOutputAmount]] as const) {
    if (payout.delivered !== value) fail(deliveredField, `what the quote states the recipient receives (${name} ${value})`, payout.delivered);
  }
  if (payout.appFee !== stated.appFee) fail("swapTx.data message calls[0] amount", `the app fee the quote discloses (fees.app.amount ${stated.appFee})`, payout.appFee);
  if (amount !== undefined && tradeType === "exactInput" && d.inputAmount !== amount) fail("swapTx.data inputAmount", `the requested ${amount}`, d.inputAmount);
  if (amount !== undefined && tradeType === "exactOutput" && payout.delivered !== amount) fail(deliveredField, `the requested ${amount}`, payout.delivered);
  if (amount !== undefined && tradeType === "minOutput" && payout.delivered + amount / 1_000_000n + 1n < amount) {
    fail(deliveredField, `at least the requested ${amount} (less 1 ppm + 1 base unit)`, payout.delivered);
  }
  const feeBase = tradeType === "exactOutput" && amount !== undefined ? amount : d.outputAmount;
  const maxFee = (feeBase * BRIDGE_APP_FEE_BPS) / 10_000n;
  if (tradeType ? payout.appFee !== maxFee && payout.shape !== "direct" : payout.appFee > maxFee) {
    fail("swapTx.data message calls[0] amount", `Sluice's app fee of ${BRIDGE_APP_FEE_BPS} bps (${maxFee})`, payout.appFee);
  }

  const boundField = tradeType === "exactOutput" || tradeType === "minOutput" ? "swapTx.data inputAmount" : "swapTx.data outputAmount";
  if (d.inputAmount === 0n || payout.paidFor === 0n) fail(boundField, "a deposit that takes and delivers something", `${d.inputAmount} in, ${payout.paidFor} out`);
  const { inputToken: i, outputToken: o } = p;
  const sameSymbol = i.symbol === o.symbol;
  if (!sameSymbol && !(USD_STABLE_SYMBOLS.has(i.symbol) && USD_STABLE_SYMBOLS.has(o.symbol))) return;
  const scale = Math.max(i.decimals, o.decimals);
  const input = d.inputAmount * 10n ** BigInt(scale - i.decimals);
  const paidFor = payout.paidFor * 10n ** BigInt(scale - o.decimals);
  const output = d.outputAmount * 10n ** BigInt(scale - o.decimals);
  // Exactly core's arithmetic: the ceiling cross-multiplied, the floor rounded down (`floor(input × (1 − max))`).
  const premium = sameSymbol ? 0n : maxFeeBps;
  if (output * 10_000n > input * (10_000n + premium)) {
    fail("swapTx.data outputAmount", `at most the input of the same asset${premium ? ` plus ${premium} bps` : ""} (a relayer fills nothing more)`, d.outputAmount);
  }
  const floor = (input * (10_000n - maxFeeBps)) / 10_000n;
  if (paidFor < floor) {
    const kept = ((input - paidFor) * 10_000n) / input;
    fail(boundField, `a same-asset transfer keeping at most ${maxFeeBps} bps in fees (Sluice's maximum)`, `${d.inputAmount} in, ${payout.paidFor} out: ${kept} bps kept`);
  }
}
