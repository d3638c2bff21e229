import { and, eq } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { bridgeSettlements } from "../db/schema/bridge.js";

export type FindTrackedDepositReturnType = { originTxHash: string; originChainId: number; destinationChainId: number } | undefined;

/** The deposit of an origin transaction this account tracks (`/bridge/track`), if it tracks one: its chains. */
export async function findTrackedDeposit(db: Database, accountId: string, originTxHash: string): Promise<FindTrackedDepositReturnType> {
  const [row] = await db.select({
    originTxHash: bridgeSettlements.originTxHash, originChainId: bridgeSettlements.originChainId, destinationChainId: bridgeSettlements.destinationChainId,
  }).from(bridgeSettlements)
    .where(and(eq(bridgeSettlements.originTxHash, originTxHash.toLowerCase()), eq(bridgeSettlements.accountId, accountId))).limit(1);
  return row;
}
