import { and, eq } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { bridgeSettlements } from "../db/schema/bridge.js";

/**
 * The fingerprints (lower-case) of the deposits this account already tracks in an origin transaction: `/bridge/track`
 * prefers a deposit of the batch it does not track yet, and answers a repeated request with the one it does.
 */
export async function findTrackedFingerprints(db: Database, accountId: string, originChainId: number, originTxHash: string): Promise<Set<string>> {
  const rows = await db.select({ fingerprint: bridgeSettlements.depositFingerprint }).from(bridgeSettlements).where(and(
    eq(bridgeSettlements.originChainId, originChainId), eq(bridgeSettlements.originTxHash, originTxHash.toLowerCase()),
    eq(bridgeSettlements.accountId, accountId),
  ));
  return new Set(rows.flatMap((r) => (r.fingerprint ? [r.fingerprint.toLowerCase()] : [])));
}
