import { monthStart } from "../ledger/months.js";

/** `YYYY-MM` of the UTC month `now` is in. */
export function currentUtcMonth(now: Date = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** The month `delta` months from `month` (`YYYY-MM`): `shiftMonth("2026-01", -1)` → `"2025-12"`. */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = monthStart(month).split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(year, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/** Every day of a UTC month as `YYYY-MM-DD`. */
export function daysOfMonth(month: string): string[] {
  const [year, m] = monthStart(month).split("-").map(Number) as [number, number];
  const count = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`);
}
