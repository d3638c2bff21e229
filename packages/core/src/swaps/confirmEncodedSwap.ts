import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { encodedSwaps, type EncodedSwap } from "../db/schema/swaps.js";
import { SluiceError } from "../errors/SluiceError.js";

/**
 * Sets the transaction that executed an encoded swap, in one conditional update; (chain, confirmed_tx_hash) is unique.
 * Concurrent confirmations of the same transaction all succeed with the same row (also once its usage event was
 * settled `failed`: the transaction mined again later keeps the swap, and `markEventExecuted` executes the event
 * again with it). A different transaction is a CONFLICT — unless the swap's usage event settled the transaction it holds as `failed` (a reorganisation dropped
 * it, and the node no longer knows it): then the user re-sent the same calldata as a new transaction, and that one
 * replaces it. This cannot count the swap twice: the calldata carries the user's signed Permit2 permit, whose nonce
 * lets at most one of the transactions succeed on chain, and the event that failed never counted. The update
 * requires the failed event to hold the very transaction the swap holds, so of two confirmations racing to replace
 * it only the first does (the second, re-checked against the replaced row, no longer matches): a CONFLICT.
 */
export async function confirmEncodedSwap(db: Database, swapId: string, txHash: string): Promise<EncodedSwap> {
  const hash = txHash.toLowerCase();
  const [updated] = await db.update(encodedSwaps).set({ confirmedTxHash: hash, confirmedAt: new Date() })
    .where(sql`${encodedSwaps.id} = ${swapId} and (${encodedSwaps.confirmedTxHash} is null or (
      ${encodedSwaps.confirmedTxHash} <> ${hash} and exists (
        select 1 from usage_events e where e.id = ${encodedSwaps.usageEventId} and e.outcome = 'failed'
          and lower(e.tx_hash) = ${encodedSwaps.confirmedTxHash})))`)
    .returning();
  if (updated) return updated;
  const [current] = await db.select().from(encodedSwaps).where(eq(encodedSwaps.id, swapId)).limit(1);
  if (!current) throw new SluiceError("NOT_FOUND", "No such encoded swap");
  if (current.confirmedTxHash === hash) return current;
  throw new SluiceError("CONFLICT", `This swap was already confirmed with transaction ${current.confirmedTxHash}`);
}
