/**
 * The `fees` object of an Across `/swap/approval` answer for a bridge-only quote, as across-protocol/frontend
 * (bdcf46ce) `api/swap/_swap-fees.ts` calculateSwapFees builds it: USD figures are floats formatted to 18 decimals,
 * `pct` is an 18-decimal fraction of the input's USD value, `total`/`totalMax` amounts are derived from USD values
 * (not exact), `details.app` and `details.bridge` amounts are exact (output and input token), and
 * `details.bridge.details.destinationGas` is converted through USD into the destination chain's native token.
 */
import type { RelayFee } from "./acrossBridgeAmounts.js";

export type AcrossTokenView = { address: string; chainId: number; decimals: number; symbol: string };
export type AcrossPrices = { input: number; output: number; originNative: number; destinationNative: number };

const ZERO = "0x0000000000000000000000000000000000000000";

const units = (amount: bigint, decimals: number) => Number(amount) / 10 ** decimals;

/** ethers formatEther(parseEther(x.toFixed(18))): trailing zeros trimmed, at least one decimal. */
function usd(x: number): string {
  const fixed = x.toFixed(18).replace(/0+$/, "");
  return fixed.endsWith(".") ? `${fixed}0` : fixed;
}

/** ethers parseEther(x.toFixed(18)) as a decimal string. */
function wad(x: number): string {
  return BigInt(x.toFixed(18).replace(".", "")).toString();
}

/** inputAmount × fraction, the way `usdFeesToAmountAndPct` scales a USD fee back to input units. */
function scaled(inputAmount: bigint, fraction: number): bigint {
  return (inputAmount * BigInt(wad(fraction))) / 10n ** 18n;
}

export function acrossSwapFees(params: {
  inputToken: AcrossTokenView;
  outputToken: AcrossTokenView;
  originNative: { chainId: number; symbol: string; decimals: number };
  destinationNative: { chainId: number; symbol: string; decimals: number };
  inputAmount: bigint;
  relayFee: RelayFee & { total: bigint };
  appFee: bigint;
  recipientAmount: bigint;
  originGasWei: bigint;
  prices: AcrossPrices;
}) {
  const { inputToken, outputToken, inputAmount, relayFee, appFee, prices } = params;
  const inputUsd = units(inputAmount, inputToken.decimals) * prices.input;
  const component = (amount: bigint, amountUsd: number, token: object, withPct = true) =>
    ({ amount: amount.toString(), amountUsd: usd(amountUsd), ...(withPct ? { pct: wad(amountUsd / inputUsd) } : {}), token });
  const nativeView = (n: typeof params.originNative) => ({ chainId: n.chainId, address: ZERO, decimals: n.decimals, symbol: n.symbol });

  const originGasUsd = units(params.originGasWei, params.originNative.decimals) * prices.originNative;
  const appFeeUsd = units(appFee, outputToken.decimals) * prices.output;
  const bridgeUsd = units(relayFee.total, inputToken.decimals) * prices.input;
  const inInput = (amount: bigint) => units(amount, inputToken.decimals) * prices.input;
  const destinationGasUsd = inInput(relayFee.destinationGas);
  const destinationGasNative = prices.destinationNative === 0 ? 0n
    : BigInt((destinationGasUsd / prices.destinationNative).toFixed(params.destinationNative.decimals).replace(".", ""));
  const bridge = {
    ...component(relayFee.total, bridgeUsd, inputToken),
    details: {
      type: "across",
      lp: component(relayFee.lp, inInput(relayFee.lp), inputToken),
      relayerCapital: component(relayFee.relayerCapital, inInput(relayFee.relayerCapital), inputToken),
      destinationGas: component(destinationGasNative, destinationGasUsd, nativeView(params.destinationNative)),
    },
  };
  const app = component(appFee, appFeeUsd, outputToken);
  // Bridge-only: the expected and the minimum output are the same, so total and totalMax are too.
  const outputUsd = units(params.recipientAmount, outputToken.decimals) * prices.output;
  const totalUsd = Number((inputUsd - outputUsd).toFixed(4));
  const impactUsd = totalUsd - bridgeUsd - appFeeUsd;
  const total = component(scaled(inputAmount, totalUsd / inputUsd), totalUsd, inputToken);
  const impact = component(scaled(inputAmount, impactUsd / inputUsd), impactUsd, inputToken);
  return {
    total: { ...total, details: { type: "total-breakdown", swapImpact: impact, app, bridge } },
    totalMax: { ...total, details: { type: "max-total-breakdown", maxSwapImpact: impact, app, bridge } },
    originGas: component(params.originGasWei, originGasUsd, nativeView(params.originNative), false),
  };
}
