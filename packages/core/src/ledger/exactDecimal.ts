/**
 * An exact decimal (Postgres numeric, as text) in its shortest form: no trailing fractional zeros, no lone point
 * (`"1851851.83685185510000"` → `"1851851.8368518551"`, `"50000.000"` → `"50000"`). Beside `exactNumber`'s JSON
 * number, which is exact only up to about 15 significant digits: a month's rebate of a busy partner (volume with 6
 * decimals times basis points) needs more, and a partner reconciling it to the cent and beyond reads this.
 */
export function exactDecimal(decimal: string): string {
  const text = decimal.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a decimal: ${decimal}`);
  const [whole, fraction = ""] = text.split(".");
  const kept = fraction.replace(/0+$/, "");
  const sign = whole!.startsWith("-") ? "-" : "";
  const digits = whole!.replace(/^-/, "").replace(/^0+(?=\d)/, "");
  const result = `${sign}${digits}${kept ? `.${kept}` : ""}`;
  return /^-0$/.test(result) ? "0" : result;
}
