import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

export const keyEnvironment = pgEnum("key_environment", ["production", "sandbox"]);

export const accounts = pgTable("accounts", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  rebateBps: integer("rebate_bps").notNull().default(0),
  rebateActive: boolean("rebate_active").notNull().default(true),
  /** The account that brought this one in; it earns `referralBps` of this account's qualifying volume. */
  referrerId: text("referrer_id").references((): AnyPgColumn => accounts.id),
  referralBps: integer("referral_bps").notNull().default(0),
  createdAt,
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
}, (t) => [
  check("accounts_rebate_bps_range", sql`${t.rebateBps} between 0 and 10000`),
  check("accounts_referral_bps_range", sql`${t.referralBps} between 0 and 10000`),
  check("accounts_not_self_referred", sql`${t.referrerId} is distinct from ${t.id}`),
  check("accounts_slug_format", sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]{1,62}$'`),
]);

export const apiKeys = pgTable("api_keys", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  /** SHA-256 of the key, hex. The key itself is shown once and never stored. */
  keyHash: text("key_hash").notNull().unique(),
  /** The first characters of the key, so an operator can tell keys apart. */
  prefix: text("prefix").notNull(),
  name: text("name"),
  environment: keyEnvironment("environment").notNull(),
  /** Events recorded with a test key are `is_test` and never earn rebates. */
  isTest: boolean("is_test").notNull().default(false),
  /** Per-key requests per minute; null means the environment's default. */
  rateLimitPerMinute: integer("rate_limit_per_minute"),
  createdAt,
  revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
}, (t) => [index("api_keys_account_idx").on(t.accountId)]);

export type Account = typeof accounts.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
