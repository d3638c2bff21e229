import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { bridgeSettlements } from "../db/schema/bridge.js";

/**
 * Whether another account tracks this deposit: its status is then not this account's to read, and answers exactly
 * like an unknown deposit. By its origin transaction, and when `depositId` is given that deposit of it only (a batch
 * may hold another account's deposit beside this account's). Deposits nobody tracks stay readable (they are public on
 * chain, and a partner may look before tracking).
 */
export async function isTrackedByAnotherAccount(db: Database, accountId: string, originTxHash: string, depositId?: string): Promise<boolean> {
  if (!originTxHash) return false;
  const [row] = await db.select({ id: bridgeSettlements.id }).from(bridgeSettlements)
    .where(and(
      eq(bridgeSettlements.originTxHash, originTxHash.toLowerCase()), ne(bridgeSettlements.accountId, accountId),
      depositId === undefined ? undefined : eq(bridgeSettlements.depositId, depositId),
    )).limit(1);
  return row !== undefined;
}
