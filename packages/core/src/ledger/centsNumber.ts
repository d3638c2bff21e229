/**
 * An exact decimal string (as Postgres numeric returns it) as a JSON number rounded half-up to cents. This is
 * the only place USD becomes a float, at the edge of the API; sums are always done in Postgres.
 */
export function centsNumber(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(decimal.trim());
  if (!match) throw new Error(`not a decimal: ${decimal}`);
  const [, sign, whole, fraction = ""] = match;
  let cents = BigInt(whole!) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0"));
  if ((fraction[2] ?? "0") >= "5") cents += 1n;
  const value = Number(cents) / 100;
  return sign === "-" && value !== 0 ? -value : value;
}
