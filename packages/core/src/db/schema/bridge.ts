import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, apiKeys } from "./accounts.js";
import { createdAt, rawAmount, usd } from "./columns.js";

export const bridgeDepositStatus = pgEnum("bridge_deposit_status", ["pending", "filled", "expired", "refunded"]);

/** A deposit a partner registered with `/bridge/track`, reconciled against the bridge protocol by cron. */
export const bridgeSettlements = pgTable("bridge_settlements", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  apiKeyId: text("api_key_id").references(() => apiKeys.id),
  originChainId: integer("origin_chain_id").notNull(),
  destinationChainId: integer("destination_chain_id").notNull(),
  depositor: text("depositor").notNull(),
  recipient: text("recipient").notNull(),
  inputToken: text("input_token").notNull(),
  outputToken: text("output_token").notNull(),
  amountInRaw: rawAmount("amount_in_raw").notNull(),
  expectedOutRaw: rawAmount("expected_out_raw").notNull(),
  quoteId: text("quote_id"),
  /** 0x-prefixed lower-case hash of the origin deposit transaction (a batch may hold several deposits). */
  originTxHash: text("origin_tx_hash").notNull(),
  /**
   * The deposit's `bridgeDepositFingerprint` (which `/bridge/quote` answer produced it): with the transaction, what
   * makes it one settlement, whatever deposit id a reorganisation gives it. Null on rows tracked before a transaction
   * could hold several settlements: such a row stays its transaction's only one.
   */
  depositFingerprint: text("deposit_fingerprint"),
  depositId: text("deposit_id"),
  status: bridgeDepositStatus("status").notNull().default("pending"),
  fillTxHash: text("fill_tx_hash"),
  volumeUsd: usd("volume_usd"),
  createdAt,
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  /**
   * The reconcile cron's queue: it takes the open rows due longest ago and moves each to the back as it takes it, so a
   * row that never changes or keeps failing cannot hold the batch; a failing row's next check backs off. 'infinity':
   * never due again (an expired row whose refund neither the chain nor the protocol showed within a month).
   */
  nextCheckAt: timestamp("next_check_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  /** Consecutive checks that found nothing (Across did not know the deposit, or the check failed); 0 after a good one. */
  checkFailures: integer("check_failures").notNull().default(0),
}, (t) => [
  // One settlement per deposit: a transaction's deposits are told apart by their fingerprints.
  uniqueIndex("bridge_settlements_origin_deposit_unique").on(t.originChainId, t.originTxHash, sql`coalesce(${t.depositFingerprint}, '')`),
  index("bridge_settlements_account_idx").on(t.accountId),
  index("bridge_settlements_status_idx").on(t.status),
  index("bridge_settlements_next_check_idx").on(t.nextCheckAt),
]);

export type BridgeSettlement = typeof bridgeSettlements.$inferSelect;
