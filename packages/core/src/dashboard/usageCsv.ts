import type { Database } from "../db/createDb.js";
import { SluiceError } from "../errors/SluiceError.js";
import { centsNumber } from "../ledger/centsNumber.js";
import { countUsageEvents } from "../usage/countUsageEvents.js";
import { listUsage, type UsageEventRow } from "../usage/listUsage.js";

/** The most events one CSV export holds; past it the partner narrows the filters (a month, an event type). */
export const USAGE_CSV_MAX_EVENTS = 100_000;

export const USAGE_CSV_COLUMNS = ["id", "event_type", "chain", "volume_usd", "is_dry_run", "is_test", "status", "tx_hash", "created_at"] as const;

/** One event as a CSV line, with the same fields and values as `/usage` answers (volume rounded to cents). */
function csvLine(e: UsageEventRow): string {
  const values = [e.id, e.eventType, e.chain, String(centsNumber(e.volumeUsd)), String(e.isDryRun), String(e.isTest), e.status, e.txHash ?? "", e.createdAt.toISOString()];
  return values.map(csvField).join(",");
}

/** RFC 4180 quoting, and a leading `'` before what a spreadsheet would run as a formula (a plain number is left as it is). */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(?:\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export type UsageCsvParameters = { accountId: string; period?: string; eventType?: "route" | "solve" };

export type UsageCsvOptions = {
  /** The most events one export holds; default `USAGE_CSV_MAX_EVENTS`. */
  maxEvents?: number;
};

/** The refusal of an export over the maximum: the partner narrows the filters. */
function tooManyEvents(maxEvents: number): SluiceError {
  return new SluiceError("MALFORMED_REQUEST", `period: more than ${maxEvents} events match; export one month or one event type at a time`);
}

/**
 * Every event matching the filters, newest first, as CSV (header line first): what `/usage` pages through.
 *
 * The matching events are counted first (a count that stops past the maximum), so an export over it is refused before
 * any page is read. The pages are read without `/usage`'s totals: they aggregate every matching event, and the export
 * would otherwise scan the whole set once per page.
 */
export async function usageCsv(
  db: Database, filters: UsageCsvParameters, { maxEvents = USAGE_CSV_MAX_EVENTS }: UsageCsvOptions = {},
): Promise<string> {
  if (await countUsageEvents(db, { ...filters, atMost: maxEvents }) > maxEvents) throw tooManyEvents(maxEvents);
  // One string per page, joined once at the end.
  const pages = [`${USAGE_CSV_COLUMNS.join(",")}\r\n`];
  let read = 0;
  let cursor: string | undefined;
  do {
    const page = await listUsage(db, { ...filters, limit: 1000, cursor, totals: false });
    read += page.events.length;
    // Events recorded since the count (an outbox replay may add older ones): still refused once past the maximum.
    if (read > maxEvents) throw tooManyEvents(maxEvents);
    if (page.events.length > 0) pages.push(`${page.events.map(csvLine).join("\r\n")}\r\n`);
    cursor = page.nextCursor;
  } while (cursor);
  return pages.join("");
}
