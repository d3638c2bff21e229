/** Exact decimal strings (Postgres numeric as text) added and formatted for pages, never through floats. */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

function parse(value: string): { units: bigint; scale: number } {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const [, sign, whole, fraction = ""] = match;
  const units = BigInt(whole! + fraction);
  return { units: sign ? -units : units, scale: fraction.length };
}

/** The exact sum, with trailing zeros of the fraction dropped (`"0"` for none). */
export function sumDecimals(values: string[]): string {
  const parsed = values.map(parse);
  const scale = Math.max(0, ...parsed.map((p) => p.scale));
  const total = parsed.reduce((sum, p) => sum + p.units * 10n ** BigInt(scale - p.scale), 0n);
  return trimDecimal(toDecimal(total, scale));
}

function toDecimal(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale ? `.${digits.slice(-scale)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/** `"12.3400"` → `"12.34"`, `"5.000"` → `"5"`. */
export function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

/** An exact decimal rounded half-up to cents with thousands separators: `"1234.565"` → `"1,234.57"`. */
export function formatUsd(value: string): string {
  const { units, scale } = parse(value);
  let cents = scale >= 2 ? units / 10n ** BigInt(scale - 2) : units * 10n ** BigInt(2 - scale);
  const rest = scale > 2 ? (units < 0n ? -units : units) % 10n ** BigInt(scale - 2) : 0n;
  if (scale > 2 && rest * 2n >= 10n ** BigInt(scale - 2)) cents += units < 0n ? -1n : 1n;
  const text = toDecimal(cents, 2);
  const [whole, fraction] = text.split(".");
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/** `part / whole` as a percentage with one decimal (`"62.5"`), or null when `whole` is zero. */
export function percentOf(part: string, whole: string): string | null {
  const a = parse(part);
  const b = parse(whole);
  const scale = Math.max(a.scale, b.scale);
  const x = a.units * 10n ** BigInt(scale - a.scale);
  const y = b.units * 10n ** BigInt(scale - b.scale);
  if (y === 0n) return null;
  const tenths = (x * 2000n + y) / (2n * y); // rounded half-up, in tenths of a percent
  return `${tenths / 10n}.${tenths % 10n}`;
}
