import { ScenarioError } from "./scenarioError.js";

/** Human decimal string → raw units; refuses more decimal places than the token has, rather than rounding. */
export function parseAmount(value: string, decimals: number, field: string, symbol: string): bigint {
  const [whole, fraction = ""] = value.split(".");
  if (fraction.replace(/0+$/, "").length > decimals) {
    throw new ScenarioError(field, `"${value}" has more decimal places than ${symbol}'s ${decimals}`);
  }
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0").slice(0, decimals) || "0");
}
