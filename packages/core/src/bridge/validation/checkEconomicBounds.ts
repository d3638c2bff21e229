/**
 * Economic bounds: a quote that delivers far less than it takes is refused even when every field is consistent. For
 * a same-asset route (the same symbol on both chains) the deposit's output, compared in whole-token units, is at least
 * the input less Sluice's maximum total fee (relayer, LP, destination gas and app fee together); for exactOutput the
 * output counted is at most the requested amount plus the app fee. Routes between different assets have no such
 * bound here (Sluice's USD prices live in the swap side's pool graphs, which the bridge does not load): see
 * VALIDATION.md.
 */
import type { QuoteValidationContext } from "./quoteValidationTypes.js";

/** Default maximum total fee of a same-asset bridge: 3 %. */
export const DEFAULT_MAX_BRIDGE_FEE_BPS = 300n;

export function checkEconomicBounds({ request, deposit, appFee, maxFeeBps = DEFAULT_MAX_BRIDGE_FEE_BPS }: QuoteValidationContext): string[] {
  if (request.inputToken.symbol !== request.outputToken.symbol) return [];
  // What the user pays for: the deposit's output, or for exactOutput the requested amount and the app fee (an
  // inflated output drained back to the user on the destination chain does not excuse an inflated input).
  const paidFor = request.tradeType === "exactOutput" ? request.amount + appFee : deposit.outputAmount;
  // Both amounts in the larger of the two decimal scales.
  const scale = Math.max(request.inputToken.decimals, request.outputToken.decimals);
  const input = deposit.inputAmount * 10n ** BigInt(scale - request.inputToken.decimals);
  const output = (paidFor < deposit.outputAmount ? paidFor : deposit.outputAmount) * 10n ** BigInt(scale - request.outputToken.decimals);
  if (input === 0n || output === 0n) return ["the deposit takes or delivers nothing"];
  const floor = (input * (10_000n - maxFeeBps)) / 10_000n;
  if (output < floor) {
    const feeBps = ((input - output) * 10_000n) / input;
    return [`the deposit keeps ${feeBps} bps of a same-asset transfer in fees, more than Sluice's maximum of ${maxFeeBps} bps`];
  }
  return [];
}
