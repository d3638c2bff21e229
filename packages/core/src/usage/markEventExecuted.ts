import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { SluiceError } from "../errors/SluiceError.js";
import { lockLedger } from "../ledger/ledgerLock.js";
import { emitWebhookEvents } from "../webhooks/webhookEvents.js";
import { swapWebhookEvent, usageEventColumns, type UsageEventColumns } from "../webhooks/webhookPayloads.js";
import type { Redis } from "../redis/createRedis.js";
import { drainUsageOutbox } from "./drainUsageOutbox.js";
import { USAGE_OUTBOX_KEY } from "./usageOutbox.js";

export type MarkEventExecutedParameters = {
  eventId: string;
  txHash: string;
  /**
   * `succeeded` (default): the transaction is final and counts now. `pending`: it is mined but not yet as deep as the
   * chain's confirmation depth; `finalizePendingSolves` settles it once it is (or fails it if a reorganisation drops it).
   */
  outcome?: "succeeded" | "pending";
};
export type MarkEventExecutedResult = { eventId: string; txHash: string; volumeUsd: string; alreadyExecuted: boolean };

type Row = { id: string; event_type: string; is_dry_run: boolean; tx_hash: string | null; volume_usd: string };

/**
 * Turns an encode-only (dry-run) solve into an executed one when `/confirm` has verified it on chain. From
 * then on it qualifies for rebates, counted in the month of the confirmation. Idempotent: confirming again
 * with the same transaction changes nothing; a different transaction for the same event is a CONFLICT, except for
 * a user-paid swap whose transaction was settled `failed` (a reorganisation dropped it): the user re-sent the same
 * calldata, as a new transaction or as the very same one mined again later, and once `confirmEncodedSwap` has bound
 * the encoded swap to it, that transaction executes the event again (see `flip`). It cannot count twice: the
 * calldata's Permit2 nonce lets at most one of the transactions succeed, and a failed event never counted. If the
 * event still waits in the outbox, the outbox is drained first.
 */
export async function markEventExecuted(
  { db, redis }: { db: Database; redis?: Redis },
  { eventId, txHash, outcome = "succeeded" }: MarkEventExecutedParameters,
): Promise<MarkEventExecutedResult> {
  if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) throw new SluiceError("MALFORMED_REQUEST", "txHash: must be a 32-byte hex hash");
  const hash = txHash.toLowerCase();
  let row = await flipOnce(db, eventId, hash, outcome);
  if (!row && redis && (await redis.hexists(USAGE_OUTBOX_KEY, eventId))) {
    await drainUsageOutbox({ db, redis, quotes: false }); // a solve: the quotes' outbox never holds one
    row = await flipOnce(db, eventId, hash, outcome);
  }
  if (!row) throw new SluiceError("NOT_FOUND", `No usage event ${eventId}`);
  if (row.event_type !== "solve") throw new SluiceError("MALFORMED_REQUEST", "eventId: only solve events can be executed");
  if (row.tx_hash?.toLowerCase() !== hash) {
    throw new SluiceError("CONFLICT", `Usage event ${eventId} was already executed by another transaction`);
  }
  return { eventId, txHash: hash, volumeUsd: row.volume_usd, alreadyExecuted: !row.is_dry_run_before };
}

/** `flip`, with a transaction another event already holds refused: one transaction is credited once. */
async function flipOnce(db: Database, eventId: string, hash: string, outcome: "succeeded" | "pending") {
  try {
    return await flip(db, eventId, hash, outcome);
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code !== "23505") throw error;
    throw new SluiceError("CONFLICT", `Transaction ${hash} is already credited to another usage event; it counts once`, { cause: error });
  }
}

/**
 * Executes the event with the transaction, in one conditional update: a dry run, or a user-paid swap whose earlier
 * transaction was settled `failed` and whose encoded swap is now bound to this one (`confirmEncodedSwap` decides,
 * once, which re-sent transaction replaces it) — or is still bound to it: the transaction a reorganisation dropped
 * was mined again after it was settled, under the same hash, and the caller has just seen it succeed on chain (left
 * failed, `/confirm` would answer it executed and count nothing). A failed solve that is no encoded swap (a gasless
 * one) is never executed again here. Concurrent calls agree: the row is re-checked once locked, and a second
 * re-execution no longer finds it failed. Otherwise answers the event as it is (undefined when there is none).
 */
async function flip(db: Database, eventId: string, hash: string, outcome: "succeeded" | "pending"): Promise<(Row & { is_dry_run_before: boolean }) | undefined> {
  return db.transaction(async (tx) => {
    await lockLedger(tx, "shared");
    const updated = await tx.execute<UsageEventColumns>(sql`
      update usage_events e set is_dry_run = false, tx_hash = ${hash}, outcome = ${outcome}::swap_outcome, executed_at = statement_timestamp(),
        ledger_period = date_trunc('month', statement_timestamp() at time zone 'UTC')::date
      where e.id = ${eventId} and e.event_type = 'solve' and (e.is_dry_run or (
        e.outcome = 'failed' and exists (
          select 1 from encoded_swaps s where s.usage_event_id = e.id and s.chain = e.chain and s.confirmed_tx_hash = ${hash})))
      returning ${usageEventColumns}`);
    const flipped = updated.rows[0];
    if (flipped) {
      // Credited now: the partner hears `swap.confirmed` (a confirmation still short of the chain's depth is heard of
      // when finalizePendingSolves settles it).
      if (outcome === "succeeded") await emitWebhookEvents(tx, [swapWebhookEvent("swap.confirmed", flipped)]);
      return { ...flipped, is_dry_run_before: true };
    }
    const existing = await tx.execute<Row>(sql`
      select id, event_type, is_dry_run, tx_hash, volume_usd::text as volume_usd from usage_events where id = ${eventId}`);
    return existing.rows[0] ? { ...existing.rows[0], is_dry_run_before: false } : undefined;
  });
}
