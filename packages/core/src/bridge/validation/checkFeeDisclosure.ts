/**
 * What the quote discloses reconciles exactly with the deposit (Across' `/swap/approval` computes every figure below
 * from the same bridge quote, in integers):
 * - `inputAmount` is the deposit's; `expectedOutputAmount` and `minOutputAmount` are what the recipient receives —
 *   the deposit's output less the app fee (exactInput / minOutput), or exactly the requested amount (exactOutput);
 * - the bridge fee (relayer capital + destination gas + LP, in the input token) is the input less the output
 *   (`steps.bridge.fees`, `fees.total.details.bridge`), and its parts add up to it;
 * - `steps.bridge` names the deposit's amounts; the app fee is in the output token, the bridge fee in the input token.
 * `fees` is optional (Across omits it without USD prices): absent, only the amounts are reconciled. `fees.total.amount`
 * and the `amountUsd` figures come from USD prices and are not reconciled (Sluice does not present them).
 */
import type { QuoteValidationContext } from "./quoteValidationTypes.js";

const same = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

/** The deposit's bridge fee in input-token base units, and the rounding the decimal conversion allows. */
export function depositBridgeFee({ request, deposit }: Pick<QuoteValidationContext, "request" | "deposit">) {
  const shift = request.inputToken.decimals - request.outputToken.decimals;
  const outputInInput = shift >= 0 ? deposit.outputAmount * 10n ** BigInt(shift) : deposit.outputAmount / 10n ** BigInt(-shift);
  // Across: output = convert(input - fee); converting down drops up to 10^shift - 1 units of the input token.
  return { fee: deposit.inputAmount - outputInInput, slack: shift > 0 ? 10n ** BigInt(shift) - 1n : 0n };
}

export function checkFeeDisclosure(context: QuoteValidationContext): string[] {
  const { request, quote, deposit, appFee } = context;
  const problems: string[] = [];
  const delivered = request.tradeType === "exactOutput" ? request.amount : deposit.outputAmount - appFee;
  for (const field of ["expectedOutputAmount", "minOutputAmount"] as const) {
    if (BigInt(quote[field]) !== delivered) problems.push(`the quote's ${field} is ${quote[field]}, but the deposit delivers ${delivered} to the recipient`);
  }

  const { fee, slack } = depositBridgeFee(context);
  const reconciles = (disclosed: string) => fee - BigInt(disclosed) >= 0n && fee - BigInt(disclosed) <= slack;
  const step = quote.steps?.bridge;
  if (step) {
    if (BigInt(step.inputAmount) !== deposit.inputAmount || BigInt(step.outputAmount) !== deposit.outputAmount) {
      problems.push("the quote's bridge step names other amounts than the deposit's");
    }
    if (step.fees) {
      if (!reconciles(step.fees.amount)) problems.push(`the bridge step discloses a fee of ${step.fees.amount}, but the deposit keeps ${fee}`);
      const parts = step.fees.details;
      if (parts && BigInt(parts.lp.amount) + BigInt(parts.relayerCapital.amount) + BigInt(parts.destinationGas.amount) !== BigInt(step.fees.amount)) {
        problems.push("the bridge step's LP, relayer and gas fees do not add up to its fee");
      }
    }
  }
  const fees = quote.fees;
  if (fees) {
    const { app, bridge } = fees.total.details;
    if (!reconciles(bridge.amount)) problems.push(`the fee breakdown discloses a bridge fee of ${bridge.amount}, but the deposit keeps ${fee}`);
    if (bridge.details && BigInt(bridge.details.lp.amount) + BigInt(bridge.details.relayerCapital.amount) > BigInt(bridge.amount)) {
      problems.push("the fee breakdown's LP and relayer fees exceed its bridge fee");
    }
    if (app.token && !same(app.token.address, request.outputToken.address)) problems.push("the fee breakdown's app fee is not in the output token");
    if (bridge.token && !same(bridge.token.address, request.inputToken.address)) problems.push("the fee breakdown's bridge fee is not in the input token");
  }
  return problems;
}
