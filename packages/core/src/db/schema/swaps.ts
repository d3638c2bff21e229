import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, apiKeys } from "./accounts.js";
import { createdAt, rawAmount, usd } from "./columns.js";

/**
 * Every executor call Sluice encoded for a user to submit (below the gasless minimum, or a dry run): `/confirm`
 * finds the swap by the keccak256 of the mined transaction's input and credits its volume once, to the account
 * that encoded it. `confirmed_tx_hash` is set by a conditional update (unique per chain): once, or again only after
 * the transaction it held settled `failed` (`confirmEncodedSwap`).
 */
export const encodedSwaps = pgTable("encoded_swaps", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  apiKeyId: text("api_key_id").references(() => apiKeys.id),
  chain: text("chain").notNull(),
  executor: text("executor").notNull(),
  /** keccak256 of the calldata, 0x-prefixed lower-case hex. */
  calldataHash: text("calldata_hash").notNull(),
  owner: text("owner").notNull(),
  tokenIn: text("token_in").notNull(),
  tokenOut: text("token_out").notNull(),
  amountIn: rawAmount("amount_in").notNull(),
  quotedAmountOut: rawAmount("quoted_amount_out").notNull(),
  minAmountOut: rawAmount("min_amount_out").notNull(),
  volumeUsd: usd("volume_usd").notNull(),
  /**
   * The dry-run usage event recorded when it was encoded; it counts once confirmed. No foreign key: the event may
   * still wait in the usage outbox (Postgres was down) when this row is written.
   */
  usageEventId: text("usage_event_id"),
  confirmedTxHash: text("confirmed_tx_hash"),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
  createdAt,
}, (t) => [
  uniqueIndex("encoded_swaps_chain_calldata_unique").on(t.chain, t.calldataHash),
  uniqueIndex("encoded_swaps_chain_tx_unique").on(t.chain, t.confirmedTxHash),
  index("encoded_swaps_account_idx").on(t.accountId),
  // A settled solve's webhook says swap.confirmed when it was user-paid: looked up by its usage event.
  index("encoded_swaps_usage_event_idx").on(t.usageEventId),
]);

export type EncodedSwap = typeof encodedSwaps.$inferSelect;
