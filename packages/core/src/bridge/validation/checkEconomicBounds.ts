/**
 * Economic bounds: a quote that delivers far less than it takes, or whose deposit asks relayers for more than it
 * takes, is refused even when every field is consistent (`fees` and `steps` are optional, so nothing else may
 * disclose a negative bridge fee; no relayer fills such a deposit and the funds stay locked until its deadline).
 * - Same asset (the same symbol on both chains, or two USD stablecoins): the deposit's output, compared in whole-token
 *   units, is at least the input less Sluice's maximum total fee (relayer, LP, destination gas and app fee together).
 *   Its ceiling: for the same symbol the deposit's output never exceeds its input (Across' output is the input less
 *   the fee, converted between the two decimal scales); between two USD stablecoins (valued 1:1, not exactly equal)
 *   it exceeds it by at most the same maximum.
 * - Different assets: the output's worth at Sluice's own USD prices (its indexed pool graphs' mid prices, the ones
 *   `volumeUsd` uses) is at least the input's worth less the same maximum, and at most the input's worth plus it;
 *   without a price for both sides the quote cannot be bounded and is refused.
 * For exactOutput the output counted for the floor is at most the requested amount plus the app fee; the ceiling is
 * on the deposit's own output (what a relayer must deliver).
 */
import type { BridgeQuoteRequest, QuoteValidationContext } from "./quoteValidationTypes.js";

/** Default maximum total fee of a bridge transfer: 3 %. */
export const DEFAULT_MAX_BRIDGE_FEE_BPS = 300n;

/** Same asset on both sides: the same symbol, or USD stablecoins both (valued 1:1). */
export function isSameAssetRoute(request: Pick<BridgeQuoteRequest, "inputToken" | "outputToken">): boolean {
  const { inputToken: i, outputToken: o } = request;
  return i.symbol === o.symbol || (i.usdStable && o.usdStable);
}

export function checkEconomicBounds({ request, deposit, appFee, usdPrices, maxFeeBps = DEFAULT_MAX_BRIDGE_FEE_BPS }: QuoteValidationContext): string[] {
  // What the user pays for: the deposit's output, or for exactOutput the requested amount and the app fee (an
  // inflated output drained back to the user on the destination chain does not excuse an inflated input).
  const paidFor = request.tradeType === "exactOutput" ? request.amount + appFee : deposit.outputAmount;
  const counted = paidFor < deposit.outputAmount ? paidFor : deposit.outputAmount;
  if (deposit.inputAmount === 0n || counted === 0n) return ["the deposit takes or delivers nothing"];

  if (isSameAssetRoute(request)) {
    // Both amounts in the larger of the two decimal scales.
    const scale = Math.max(request.inputToken.decimals, request.outputToken.decimals);
    const input = deposit.inputAmount * 10n ** BigInt(scale - request.inputToken.decimals);
    const output = counted * 10n ** BigInt(scale - request.outputToken.decimals);
    const depositOutput = deposit.outputAmount * 10n ** BigInt(scale - request.outputToken.decimals);
    const premiumBps = request.inputToken.symbol === request.outputToken.symbol ? 0n : maxFeeBps;
    if (depositOutput * 10_000n > input * (10_000n + premiumBps)) {
      return [`the deposit's output of ${deposit.outputAmount} base units exceeds its input of ${deposit.inputAmount} base units of the same asset${premiumBps > 0n ? ` by more than ${premiumBps} bps` : ""}: no relayer fills it`];
    }
    const floor = (input * (10_000n - maxFeeBps)) / 10_000n;
    if (output < floor) {
      const feeBps = ((input - output) * 10_000n) / input;
      return [`the deposit keeps ${feeBps} bps of a same-asset transfer in fees, more than Sluice's maximum of ${maxFeeBps} bps`];
    }
    return [];
  }

  const { input: inPrice, output: outPrice } = usdPrices ?? {};
  if (!inPrice || !outPrice) {
    return [`the route from ${request.inputToken.symbol} to ${request.outputToken.symbol} is between different assets and Sluice has no USD price for ${!inPrice ? request.inputToken.symbol : request.outputToken.symbol}, so the quote cannot be bounded`];
  }
  // outputUsd ≥ inputUsd × (1 − max fee), exactly: cross-multiplied over the prices' denominators.
  const outputUsd = counted * outPrice.numerator * inPrice.denominator;
  const inputUsd = deposit.inputAmount * inPrice.numerator * outPrice.denominator;
  if (outputUsd * 10_000n < inputUsd * (10_000n - maxFeeBps)) {
    const keptBps = inputUsd === 0n ? 10_000n : ((inputUsd - outputUsd) * 10_000n) / inputUsd;
    return [`the deposit delivers ${keptBps} bps less than it takes at Sluice's USD prices, more than Sluice's maximum of ${maxFeeBps} bps`];
  }
  const depositOutputUsd = deposit.outputAmount * outPrice.numerator * inPrice.denominator;
  if (depositOutputUsd * 10_000n > inputUsd * (10_000n + maxFeeBps)) {
    const excessBps = inputUsd === 0n ? 10_000n : ((depositOutputUsd - inputUsd) * 10_000n) / inputUsd;
    return [`the deposit's output is worth ${excessBps} bps more than its input at Sluice's USD prices, more than Sluice's maximum of ${maxFeeBps} bps: no relayer fills it`];
  }
  return [];
}
