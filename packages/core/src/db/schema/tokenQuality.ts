import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Token quality scores (0–100), the off-chain data the token list and routing read (a token is listed, and may be an
 * intermediate hop, only at 100). One row per chain and token; the address is stored lower-case. Written by the
 * operator (`pnpm admin token-quality`, `/admin/v1/token-quality`); read through the Redis cache of
 * `tokenQuality/createTokenQualitySource.ts`.
 */
export const tokenQuality = pgTable("token_quality", {
  chain: text("chain").notNull(),
  token: text("token").notNull(),
  score: integer("score").notNull(),
  /** Where the score came from: `operator`, `token-list:<list name>`, `devnet-manifest`. */
  source: text("source").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  /** Who wrote it: `cli`, `admin-api`, `stack`… */
  updatedBy: text("updated_by").notNull(),
}, (t) => [
  primaryKey({ columns: [t.chain, t.token] }),
  check("token_quality_score_range", sql`${t.score} between 0 and 100`),
  check("token_quality_chain", sql`${t.chain} in ('ethereum', 'base', 'arbitrum', 'polygon')`),
  check("token_quality_token_format", sql`${t.token} ~ '^0x[0-9a-f]{40}$'`),
]);

export type TokenQualityRow = typeof tokenQuality.$inferSelect;
