import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { HEAVY_READ_STATEMENT_TIMEOUT_MS, withStatementTimeout } from "../db/withStatementTimeout.js";
import { decodeUsageCursor, encodeUsageCursor } from "./usageCursor.js";
import { usageEventFilters, type UsageEventFiltersParameters } from "./usageEventFilters.js";

export type ListUsageParameters = UsageEventFiltersParameters & {
  /** 1..1000 (checked by the caller). */
  limit: number;
  cursor?: string;
  /**
   * `false`: the page only, without the totals. They aggregate every matching event, not only the page's, so a reader
   * going through all the pages (the dashboard's CSV export) would scan the whole set again for each page. Default true.
   */
  totals?: boolean;
  /** Postgres cancels the totals after this (ms); default `HEAVY_READ_STATEMENT_TIMEOUT_MS`. */
  statementTimeoutMs?: number;
};

/**
 * Where an event stands: a quote (`quoted`); a solve encoded but not (yet) confirmed on chain (`encoded`); a solve
 * whose transaction was sent and awaits its receipt (`pending`), succeeded (`executed`, the only status that earns
 * rebates) or reverted or was dropped (`failed`).
 */
export type UsageEventStatus = "quoted" | "encoded" | "pending" | "executed" | "failed";

export type UsageEventRow = {
  id: string; eventType: "route" | "solve"; chain: string; volumeUsd: string;
  isDryRun: boolean; isTest: boolean; status: UsageEventStatus; txHash: string | null; createdAt: Date;
};

/** One page of events, newest first; `nextCursor` when more match. */
export type UsageEventPage = {
  events: UsageEventRow[];
  nextCursor?: string;
};

export type ListUsageResult = UsageEventPage & {
  /** Exact sum over every event matching the filters (not only this page): quotes, dry runs and swaps alike. */
  totalVolumeUsd: string;
  /** The same sum split by the events' status; only `executed` earns rebates. */
  totalsByStatus: Record<UsageEventStatus, string>;
};

type Row = {
  id: string; event_type: "route" | "solve"; chain: string; volume_usd: string; is_dry_run: boolean; is_test: boolean;
  outcome: "pending" | "succeeded" | "failed" | null; tx_hash: string | null; created_at: Date | string; cursor_time: string;
};

/** The status the API answers for a usage event, from its type and on-chain outcome. */
export function usageEventStatus(row: { event_type: "route" | "solve"; outcome: "pending" | "succeeded" | "failed" | null }): UsageEventStatus {
  if (row.event_type === "route") return "quoted";
  if (row.outcome === "succeeded") return "executed";
  return row.outcome ?? "encoded";
}

/**
 * An account's usage events, newest first, with the exact total volume of all matching events (without them when
 * `totals` is false).
 */
export async function listUsage(db: Database, params: ListUsageParameters & { totals: false }): Promise<UsageEventPage>;
export async function listUsage(db: Database, params: ListUsageParameters & { totals?: true }): Promise<ListUsageResult>;
export async function listUsage(db: Database, params: ListUsageParameters): Promise<UsageEventPage | ListUsageResult> {
  const filters = usageEventFilters(params);
  const where = sql.join(filters, sql` and `);
  const pageFilters = [...filters];
  if (params.cursor) {
    const cursor = decodeUsageCursor(params.cursor);
    pageFilters.push(sql`(created_at, id) < (${cursor.time}::timestamp at time zone 'UTC', ${cursor.id})`);
  }

  const rows = await db.execute<Row>(sql`
    select id, event_type, chain, volume_usd::text as volume_usd, is_dry_run, is_test, outcome, tx_hash, created_at,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as cursor_time
    from usage_events where ${sql.join(pageFilters, sql` and `)}
    order by created_at desc, id desc
    limit ${params.limit + 1}`);

  const more = rows.rows.length > params.limit;
  const pageRows = rows.rows.slice(0, params.limit);
  const last = pageRows.at(-1);
  const page: UsageEventPage = {
    events: pageRows.map((r) => ({
      id: r.id, eventType: r.event_type, chain: r.chain, volumeUsd: r.volume_usd,
      isDryRun: r.is_dry_run, isTest: r.is_test, status: usageEventStatus(r), txHash: r.tx_hash, createdAt: new Date(r.created_at),
    })),
    ...(more && last ? { nextCursor: encodeUsageCursor({ time: last.cursor_time, id: last.id }) } : {}),
  };
  if (params.totals === false) return page;

  // Over the account's whole history when no period is given: bounded on the server too (`withStatementTimeout`).
  const totals = await withStatementTimeout(db, params.statementTimeoutMs ?? HEAVY_READ_STATEMENT_TIMEOUT_MS, (tx) => tx.execute<{ total: string } & Record<UsageEventStatus, string>>(sql`
    select coalesce(sum(volume_usd), 0)::text as total,
      coalesce(sum(volume_usd) filter (where event_type = 'route'), 0)::text as quoted,
      coalesce(sum(volume_usd) filter (where event_type = 'solve' and outcome is null), 0)::text as encoded,
      coalesce(sum(volume_usd) filter (where event_type = 'solve' and outcome = 'pending'), 0)::text as pending,
      coalesce(sum(volume_usd) filter (where event_type = 'solve' and outcome = 'succeeded'), 0)::text as executed,
      coalesce(sum(volume_usd) filter (where event_type = 'solve' and outcome = 'failed'), 0)::text as failed
    from usage_events where ${where}`));
  const { total, ...totalsByStatus } = totals.rows[0]!;
  const { nextCursor, events } = page;
  return { events, totalVolumeUsd: total, totalsByStatus, ...(nextCursor ? { nextCursor } : {}) };
}
