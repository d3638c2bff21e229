import { SluiceError } from "../errors/SluiceError.js";

/** `YYYY-MM` from 1970-01 to 9999-12: months Postgres and the ledger can hold (no year 0, no month 13). */
const MONTH = /^(19[7-9]\d|[2-9]\d{3})-(0[1-9]|1[0-2])$/;

/** `2026-11` → `2026-11-01` (the first day of the UTC month, as the ledger stores it). */
export function monthStart(month: string, field = "month"): string {
  if (!MONTH.test(month)) throw new SluiceError("MALFORMED_REQUEST", `${field}: must be a month as YYYY-MM`);
  return `${month}-01`;
}

/** The UTC month before the one `now` is in, as `YYYY-MM`. */
export function previousMonth(now: Date = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** `2026-11-01` → `2026-11-01T00:00:00+00:00` (interface §2: start of the month with offset). */
export function periodStartTimestamp(date: string): string {
  return `${date}T00:00:00+00:00`;
}

export const MONTH_PATTERN = MONTH;
