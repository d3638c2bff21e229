/**
 * The app fee is Sluice's rate (10 bps of the deposit's output, rounded down, ±1 base unit for rounding; never zero
 * when 10 bps of the output is at least one unit) and the quote's fee breakdown discloses exactly the fee the
 * message pays.
 */
import type { QuoteValidationContext } from "./quoteValidationTypes.js";

export function checkAppFee({ quote, deposit, appFee, appFeeBps, instructions }: QuoteValidationContext): string[] {
  if (!instructions) return []; // no fee call at all: already refused by the payout check
  const problems: string[] = [];
  const expected = (deposit.outputAmount * appFeeBps) / 10_000n;
  const difference = appFee > expected ? appFee - expected : expected - appFee;
  if (difference > 1n || (appFee === 0n && expected > 0n)) {
    problems.push(`the app fee is ${appFee} base units, not ${appFeeBps} bps of the output (${expected})`);
  }
  const disclosed = BigInt(quote.fees.total.details.app.amount);
  if (disclosed !== appFee) problems.push(`the fee breakdown discloses an app fee of ${disclosed}, but the deposit pays ${appFee}`);
  return problems;
}
