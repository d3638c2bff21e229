/**
 * Economic bounds: a quote that delivers far less than it takes is refused even when every field is consistent. For
 * a same-asset route (the same symbol on both chains) the deposit's output, compared in whole-token units, is at least
 * the input less Sluice's maximum total fee (relayer, LP, destination gas and app fee together). Routes between
 * different assets have no such bound here (they would need Sluice's own USD prices): see VALIDATION.md.
 */
import type { QuoteValidationContext } from "./quoteValidationTypes.js";

/** Default maximum total fee of a same-asset bridge: 3 %. */
export const DEFAULT_MAX_BRIDGE_FEE_BPS = 300n;

export function checkEconomicBounds({ request, deposit, maxFeeBps = DEFAULT_MAX_BRIDGE_FEE_BPS }: QuoteValidationContext): string[] {
  if (request.inputToken.symbol !== request.outputToken.symbol) return [];
  // Both amounts in the larger of the two decimal scales.
  const scale = Math.max(request.inputToken.decimals, request.outputToken.decimals);
  const input = deposit.inputAmount * 10n ** BigInt(scale - request.inputToken.decimals);
  const output = deposit.outputAmount * 10n ** BigInt(scale - request.outputToken.decimals);
  if (input === 0n || output === 0n) return ["the deposit takes or delivers nothing"];
  const floor = (input * (10_000n - maxFeeBps)) / 10_000n;
  if (output < floor) {
    const feeBps = ((input - output) * 10_000n) / input;
    return [`the deposit keeps ${feeBps} bps of a same-asset transfer in fees, more than Sluice's maximum of ${maxFeeBps} bps`];
  }
  return [];
}
