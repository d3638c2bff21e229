import { and, eq } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { bridgeSettlements } from "../db/schema/bridge.js";
import type { FindTrackedDepositReturnType } from "./findTrackedDeposit.js";
import { trackedDepositTerms } from "./trackedDepositTerms.js";

/**
 * The deposit this account tracks (`/bridge/track`) under an origin chain's deposit id, as its settlement recorded it:
 * where `/bridge/status` asked by id looks on the chains when the bridge protocol does not know the deposit.
 */
export async function findTrackedDepositById(db: Database, accountId: string, originChainId: number, depositId: string): Promise<FindTrackedDepositReturnType> {
  const [row] = await db.select().from(bridgeSettlements)
    .where(and(eq(bridgeSettlements.accountId, accountId), eq(bridgeSettlements.originChainId, originChainId), eq(bridgeSettlements.depositId, depositId)))
    .orderBy(bridgeSettlements.createdAt, bridgeSettlements.id).limit(1);
  return row && {
    originTxHash: row.originTxHash, originChainId: row.originChainId, destinationChainId: row.destinationChainId, terms: trackedDepositTerms(row),
  };
}
