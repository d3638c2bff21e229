import { and, eq } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { bridgeSettlements } from "../db/schema/bridge.js";
import type { TrackedDepositTerms } from "./readOriginDeposit.js";
import { trackedDepositTerms } from "./trackedDepositTerms.js";

export type FindTrackedDepositReturnType = {
  originTxHash: string; originChainId: number; destinationChainId: number;
  /** What identifies the deposit in its transaction (`trackedDepositTerms`). */
  terms: TrackedDepositTerms;
} | undefined;

/** The deposit of an origin transaction this account tracks (`/bridge/track`), if it tracks one: its chains and terms. */
export async function findTrackedDeposit(db: Database, accountId: string, originTxHash: string): Promise<FindTrackedDepositReturnType> {
  const [row] = await db.select().from(bridgeSettlements)
    .where(and(eq(bridgeSettlements.originTxHash, originTxHash.toLowerCase()), eq(bridgeSettlements.accountId, accountId))).limit(1);
  return row && {
    originTxHash: row.originTxHash, originChainId: row.originChainId, destinationChainId: row.destinationChainId, terms: trackedDepositTerms(row),
  };
}
