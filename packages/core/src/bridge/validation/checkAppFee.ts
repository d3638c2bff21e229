/**
 * The app fee is exactly Sluice's rate, computed as Across computes it (`calculateAppFee`: the amount × rate,
 * rounded down): 10 bps of the deposit's output for exactInput / minOutput, 10 bps of the requested amount for
 * exactOutput (whose deposit output is the amount marked up by the rate). Never zero when that is at least one base
 * unit. When the quote discloses a fee breakdown, its app fee is exactly the fee the message pays.
 */
import type { QuoteValidationContext } from "./quoteValidationTypes.js";

/** The app fee Across takes for this request and deposit: floor(base × bps / 10 000). */
export function expectedAppFee({ request, deposit, appFeeBps }: Pick<QuoteValidationContext, "request" | "deposit" | "appFeeBps">): bigint {
  const base = request.tradeType === "exactOutput" ? request.amount : deposit.outputAmount;
  return (base * appFeeBps) / 10_000n;
}

export function checkAppFee(context: QuoteValidationContext): string[] {
  const { quote, appFee, appFeeBps, instructions, request } = context;
  if (!instructions) return []; // no fee call at all: already refused by the payout check
  const problems: string[] = [];
  const expected = expectedAppFee(context);
  const base = request.tradeType === "exactOutput" ? "the requested amount" : "the output";
  if (appFee !== expected) problems.push(`the app fee is ${appFee} base units, not ${appFeeBps} bps of ${base} (${expected})`);
  const disclosed = quote.fees?.total.details.app.amount;
  if (disclosed !== undefined && BigInt(disclosed) !== appFee) {
    problems.push(`the fee breakdown discloses an app fee of ${disclosed}, but the deposit pays ${appFee}`);
  }
  return problems;
}
