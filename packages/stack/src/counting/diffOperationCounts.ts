import type { OperationCounts } from "./createOperationCounter.js";

/** `after` less `before`, area by area (what a load phase did). */
export function diffOperationCounts(before: OperationCounts, after: OperationCounts): OperationCounts {
  const out: OperationCounts = {};
  for (const [name, a] of Object.entries(after)) {
    const b = before[name] ?? { total: 0, roundTrips: 0, byName: {} };
    const byName: Record<string, number> = {};
    for (const [op, n] of Object.entries(a.byName)) if (n - (b.byName[op] ?? 0) > 0) byName[op] = n - (b.byName[op] ?? 0);
    out[name] = { total: a.total - b.total, roundTrips: a.roundTrips - b.roundTrips, byName };
  }
  return out;
}
