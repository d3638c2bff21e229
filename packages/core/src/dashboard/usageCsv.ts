import type { Database } from "../db/createDb.js";
import { SluiceError } from "../errors/SluiceError.js";
import { centsNumber } from "../ledger/centsNumber.js";
import { listUsage, type UsageEventRow } from "../usage/listUsage.js";

/** The most events one CSV export holds; past it the partner narrows the filters (a month, an event type). */
export const USAGE_CSV_MAX_EVENTS = 100_000;

export const USAGE_CSV_COLUMNS = ["id", "event_type", "chain", "volume_usd", "is_dry_run", "is_test", "status", "tx_hash", "created_at"] as const;

/** One event as a CSV line, with the same fields and values as `/usage` answers (volume rounded to cents). */
function csvLine(e: UsageEventRow): string {
  const values = [e.id, e.eventType, e.chain, String(centsNumber(e.volumeUsd)), String(e.isDryRun), String(e.isTest), e.status, e.txHash ?? "", e.createdAt.toISOString()];
  return values.map(csvField).join(",");
}

/** RFC 4180 quoting, and a leading `'` before what a spreadsheet would run as a formula. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every event matching the filters, newest first, as CSV (header line first): what `/usage` pages through. */
export async function usageCsv(
  db: Database, filters: { accountId: string; period?: string; eventType?: "route" | "solve" },
): Promise<string> {
  const lines = [USAGE_CSV_COLUMNS.join(",")];
  let cursor: string | undefined;
  do {
    const page = await listUsage(db, { ...filters, limit: 1000, cursor });
    for (const event of page.events) lines.push(csvLine(event));
    if (lines.length - 1 > USAGE_CSV_MAX_EVENTS) {
      throw new SluiceError("MALFORMED_REQUEST", `period: more than ${USAGE_CSV_MAX_EVENTS} events match; export one month or one event type at a time`);
    }
    cursor = page.nextCursor;
  } while (cursor);
  return `${lines.join("\r\n")}\r\n`;
}
