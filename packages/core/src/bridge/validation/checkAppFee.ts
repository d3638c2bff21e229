/**
 * The app fee is Sluice's rate, 10 bps rounded down (±1 base unit for rounding; never zero when 10 bps is at least one
 * unit) — of the deposit's output, or for an exact-output quote of the requested amount (as Across computes it) — and
 * the quote's fee breakdown, when Across gives one, discloses exactly the fee the message pays.
 */
import type { QuoteValidationContext } from "./quoteValidationTypes.js";

export function checkAppFee({ request, quote, deposit, appFee, appFeeBps, instructions }: QuoteValidationContext): string[] {
  if (!instructions) return []; // no fee call at all: already refused by the payout check
  const problems: string[] = [];
  const base = request.tradeType === "exactOutput" ? request.amount : deposit.outputAmount;
  const expected = (base * appFeeBps) / 10_000n;
  const difference = appFee > expected ? appFee - expected : expected - appFee;
  if (difference > 1n || (appFee === 0n && expected > 0n)) {
    problems.push(`the app fee is ${appFee} base units, not ${appFeeBps} bps of the output (${expected})`);
  }
  const disclosedAmount = quote.fees?.total.details.app.amount;
  if (disclosedAmount !== undefined && BigInt(disclosedAmount) !== appFee) {
    problems.push(`the fee breakdown discloses an app fee of ${disclosedAmount}, but the deposit pays ${appFee}`);
  }
  return problems;
}
