/** Exact non-negative rationals for USD values and rates: bigint numerator over bigint denominator. */
export type Ratio = { numerator: bigint; denominator: bigint };

/** "20", "19.999999" → a Ratio (exact). */
export function ratioFromDecimal(text: string): Ratio {
  const [whole = "0", fraction = ""] = text.split(".");
  return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) };
}

export function compareRatios(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * A ratio as a decimal string with at most `places` fractional digits, rounded half up (or, with `"floor"`, down:
 * what money is credited on, never more than it is worth), trailing zeros removed ("12.5", "0.000001", "3000").
 */
export function ratioToDecimal(r: Ratio, places: number, rounding: "half-up" | "floor" = "half-up"): string {
  const scale = 10n ** BigInt(places);
  const scaled = rounding === "floor"
    ? (r.numerator * scale) / r.denominator
    : (r.numerator * scale * 2n + r.denominator) / (2n * r.denominator);
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(places, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/**
 * A ratio with `significant` significant digits (for rates of very cheap or very dear tokens), as a plain decimal.
 */
export function ratioToSignificant(r: Ratio, significant: number): string {
  if (r.numerator === 0n) return "0";
  let places = 0;
  // enough fractional places that `significant` digits survive: count the leading zeros of small values
  while (places < 60 && r.numerator * 10n ** BigInt(places) < r.denominator * 10n ** BigInt(significant - 1)) places++;
  return ratioToDecimal(r, places);
}
