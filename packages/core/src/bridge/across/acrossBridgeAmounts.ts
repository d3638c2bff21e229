/**
 * The amounts of an Across bridge-only (same asset) quote, computed as Across' app API computes them
 * (across-protocol/frontend at bdcf46ce: `api/_utils.ts` getBridgeQuoteForExactInput / getBridgeQuoteForOutput,
 * `api/_dexes/cross-swap-service.ts` getCrossSwapQuotesFor{ExactInput,Output}B2B, `api/_dexes/utils.ts`
 * calculateAppFee):
 * - exactInput: the deposit takes the amount; its output is the input less the relay fee; the app fee is
 *   floor(output × rate);
 * - minOutput: the amount is marked up by the app fee rate (`addMarkupToAmount`), the input is the smallest whose
 *   output after the relay fee reaches it; the app fee is floor(output × rate);
 * - exactOutput: as minOutput, but the deposit's output is forced to the marked-up amount (the excess goes to the
 *   relayer capital fee) and the app fee is floor(amount × rate).
 * The relay fee (LP + relayer capital + destination gas, in the input token) is the caller's model of the relayers'
 * price: Across' suggested fees in production, the devnet relayers' price on the devnet.
 */
export type RelayFee = { lp: bigint; relayerCapital: bigint; destinationGas: bigint };
export type TradeType = "exactInput" | "minOutput" | "exactOutput";

export type AcrossBridgeAmounts = {
  inputAmount: bigint;
  /** The deposit's outputAmount. */
  outputAmount: bigint;
  relayFee: RelayFee & { total: bigint };
  appFee: bigint;
  /** What the quote says the recipient receives (`expectedOutputAmount` = `minOutputAmount`). */
  recipientAmount: bigint;
};

const WAD = 10n ** 18n;

export function convertDecimals(amount: bigint, from: number, to: number): bigint {
  return to >= from ? amount * 10n ** BigInt(to - from) : amount / 10n ** BigInt(from - to);
}

export function acrossBridgeAmounts(params: {
  tradeType: TradeType;
  amount: bigint;
  inputDecimals: number;
  outputDecimals: number;
  /** The app fee rate as an 18-decimal fraction (0.001 → 10^15). */
  appFeeWad: bigint;
  relayFee: (inputAmount: bigint) => RelayFee;
}): AcrossBridgeAmounts {
  const { tradeType, amount, inputDecimals, outputDecimals, appFeeWad } = params;
  const fees = (input: bigint) => {
    const f = params.relayFee(input);
    return { ...f, total: f.lp + f.relayerCapital + f.destinationGas };
  };
  const outputOf = (input: bigint) => convertDecimals(input - fees(input).total, inputDecimals, outputDecimals);
  const appFeeOf = (base: bigint) => (base * appFeeWad) / WAD;

  if (tradeType === "exactInput") {
    const outputAmount = outputOf(amount);
    const appFee = appFeeOf(outputAmount);
    return { inputAmount: amount, outputAmount, relayFee: fees(amount), appFee, recipientAmount: outputAmount - appFee };
  }
  // addMarkupToAmount(amount, rate) = amount × (1 + rate) in 18-decimal fixed point, rounded down.
  const target = (amount * (WAD + appFeeWad)) / WAD;
  // The smallest input whose output reaches the target (Across searches upwards from target × 1.005).
  let inputAmount = convertDecimals(target, outputDecimals, inputDecimals);
  while (outputOf(inputAmount) < target) {
    const missing = convertDecimals(target - outputOf(inputAmount), outputDecimals, inputDecimals);
    inputAmount += missing > 0n ? missing : 1n;
  }
  while (inputAmount > 1n && outputOf(inputAmount - 1n) >= target) inputAmount -= 1n;

  if (tradeType === "minOutput") {
    const outputAmount = outputOf(inputAmount);
    const appFee = appFeeOf(outputAmount);
    return { inputAmount, outputAmount, relayFee: fees(inputAmount), appFee, recipientAmount: outputAmount - appFee };
  }
  const relay = fees(inputAmount);
  const excess = convertDecimals(outputOf(inputAmount) - target, outputDecimals, inputDecimals);
  return {
    inputAmount,
    outputAmount: target,
    relayFee: { ...relay, relayerCapital: relay.relayerCapital + excess, total: relay.total + excess },
    appFee: appFeeOf(amount),
    recipientAmount: amount,
  };
}
