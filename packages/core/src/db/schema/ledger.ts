import { date, index, integer, numeric, pgEnum, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.js";
import { createdAt } from "./columns.js";

export const rebateKind = pgEnum("rebate_kind", ["volume", "referral"]);
export const rebateStatus = pgEnum("rebate_status", ["accrued", "paid"]);
export const settlementStatus = pgEnum("settlement_status", ["running", "completed"]);

/**
 * The settled ledger: one row per account, month, kind (and referred account for referral rows), written by
 * the month's settlement with status `paid` and never changed again. Rows of months not yet settled are
 * `accrued` and computed from the usage events when read (packages/core/src/ledger), so they always follow
 * the volume, rates and test flags as they are.
 */
export const rebateLedger = pgTable("rebate_ledger", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  /** First day of the UTC month. */
  periodStart: date("period_start", { mode: "string" }).notNull(),
  kind: rebateKind("kind").notNull(),
  /** On referral rows: the referred account whose volume this row pays for. */
  sourceAccountId: text("source_account_id").references(() => accounts.id),
  /**
   * The month's qualifying volume (a sum of events' `volume_usd`, each up to 20 whole digits): unconstrained numeric,
   * exact, where `numeric(38,18)` let one account's sum overflow and fail the whole month's settlement.
   */
  volumeUsd: numeric("volume_usd").notNull(),
  rebateBps: integer("rebate_bps").notNull(),
  /** `volume_usd * rebate_bps / 10000`, unrounded (unconstrained numeric keeps it exact). */
  rebateUsd: numeric("rebate_usd").notNull(),
  status: rebateStatus("status").notNull().default("accrued"),
  createdAt,
  settledAt: timestamp("settled_at", { withTimezone: true, mode: "date" }),
}, (t) => [
  unique("rebate_ledger_row_unique").on(t.accountId, t.periodStart, t.kind, t.sourceAccountId).nullsNotDistinct(),
  index("rebate_ledger_account_period_idx").on(t.accountId, t.periodStart),
]);

/**
 * One row per settled month, written in the same transaction as the month's ledger rows: a month is settled
 * exactly when its row says `completed`.
 */
export const settlements = pgTable("settlements", {
  periodStart: date("period_start", { mode: "string" }).primaryKey(),
  status: settlementStatus("status").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
});

export type RebateLedgerRow = typeof rebateLedger.$inferSelect;
