import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { encodedSwaps, type EncodedSwap } from "../db/schema/swaps.js";
import { SluiceError } from "../errors/SluiceError.js";

/**
 * Sets the transaction that executed an encoded swap, once: a conditional update (`confirmed_tx_hash is null`),
 * and (chain, confirmed_tx_hash) is unique. Concurrent confirmations of the same transaction all succeed with the
 * same row; a different transaction for an already confirmed swap is a CONFLICT.
 */
export async function confirmEncodedSwap(db: Database, swapId: string, txHash: string): Promise<EncodedSwap> {
  const hash = txHash.toLowerCase();
  const [updated] = await db.update(encodedSwaps).set({ confirmedTxHash: hash, confirmedAt: new Date() })
    .where(and(eq(encodedSwaps.id, swapId), isNull(encodedSwaps.confirmedTxHash))).returning();
  if (updated) return updated;
  const [current] = await db.select().from(encodedSwaps).where(eq(encodedSwaps.id, swapId)).limit(1);
  if (!current) throw new SluiceError("NOT_FOUND", "No such encoded swap");
  if (current.confirmedTxHash === hash) return current;
  throw new SluiceError("CONFLICT", `This swap was already confirmed with transaction ${current.confirmedTxHash}`);
}
