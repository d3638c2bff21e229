import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, apiKeys } from "./accounts.js";
import { createdAt, usd } from "./columns.js";

export const usageEventType = pgEnum("usage_event_type", ["route", "solve"]);

/**
 * What the chain says of a solve's transaction: `pending` until its receipt is read, then `succeeded` or `failed`.
 * Null for events with no transaction (quotes, encode-only solves not confirmed yet).
 */
export const swapOutcome = pgEnum("swap_outcome", ["pending", "succeeded", "failed"]);

/**
 * Events that earn rebates: solves whose transaction the chain shows succeeded, not dry-run, not test. Partial
 * indexes below use it; `core/ledger/computedLedgerRows.ts` states the same condition.
 */
const qualifying = sql`event_type = 'solve' and outcome = 'succeeded' and not is_dry_run and not is_test`;

export const usageEvents = pgTable("usage_events", {
  /** The idempotency id given by the recorder: a retry with the same id records nothing more. */
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  apiKeyId: text("api_key_id").references(() => apiKeys.id),
  eventType: usageEventType("event_type").notNull(),
  chain: text("chain").notNull(),
  volumeUsd: usd("volume_usd").notNull(),
  isDryRun: boolean("is_dry_run").notNull(),
  isTest: boolean("is_test").notNull(),
  txHash: text("tx_hash"),
  /**
   * A solve's swap: the permit's owner (whose tokens it spends) and its tokens, lower-case addresses; null on quotes and
   * on solves recorded before they were kept. What the operator's volume review (`reviewRoundTrips`) reads.
   */
  owner: text("owner"),
  tokenIn: text("token_in"),
  tokenOut: text("token_out"),
  /** The transaction's outcome on chain (see `swapOutcome`). */
  outcome: swapOutcome("outcome"),
  /** When the event occurred (given by the recorder). */
  createdAt,
  /**
   * First day of the UTC month whose ledger the event counts toward: the month it occurred in, unless that
   * month was already settled when the event reached Postgres — then the month it arrived in. A confirmed
   * solve counts in the month it was confirmed.
   */
  ledgerPeriod: date("ledger_period", { mode: "string" }).notNull(),
  /** When the event reached Postgres. */
  recordedAt: timestamp("recorded_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  /** When the transaction was verified on chain: an encode-only solve confirmed, or a gasless solve's receipt read. */
  executedAt: timestamp("executed_at", { withTimezone: true, mode: "date" }),
}, (t) => [
  // GET /usage: newest first per account, with a stable tie-break for cursors.
  index("usage_events_account_created_idx").on(t.accountId, t.createdAt.desc(), t.id.desc()),
  index("usage_events_account_type_created_idx").on(t.accountId, t.eventType, t.createdAt.desc(), t.id.desc()),
  // The ledger: qualifying volume per account and month (reads), per month across accounts (settlement).
  index("usage_events_qualifying_account_idx").on(t.accountId, t.ledgerPeriod, t.volumeUsd).where(qualifying),
  index("usage_events_qualifying_period_idx").on(t.ledgerPeriod, t.accountId, t.volumeUsd).where(qualifying),
  // One on-chain transaction is credited at most once, across every account and event kind.
  uniqueIndex("usage_events_chain_tx_unique").on(t.chain, t.txHash).where(sql`tx_hash is not null`),
  // The finaliser's work list: solves sent but not yet read back from the chain.
  index("usage_events_pending_idx").on(t.accountId, t.createdAt).where(sql`outcome = 'pending'`),
  check("usage_events_volume_nonnegative", sql`${t.volumeUsd} >= 0`),
  check("usage_events_ledger_period_month", sql`extract(day from ${t.ledgerPeriod}) = 1`),
]);

export type UsageEvent = typeof usageEvents.$inferSelect;
