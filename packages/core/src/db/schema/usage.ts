import { sql } from "drizzle-orm";
import { boolean, check, index, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { accounts, apiKeys } from "./accounts.js";
import { createdAt, usd } from "./columns.js";

export const usageEventType = pgEnum("usage_event_type", ["route", "solve"]);

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
  createdAt,
}, (t) => [
  index("usage_events_account_created_idx").on(t.accountId, t.createdAt.desc()),
  check("usage_events_volume_nonnegative", sql`${t.volumeUsd} >= 0`),
]);

export type UsageEvent = typeof usageEvents.$inferSelect;
