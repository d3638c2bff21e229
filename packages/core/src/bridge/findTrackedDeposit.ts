import { and, eq } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { bridgeSettlements } from "../db/schema/bridge.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { TrackedDepositTerms } from "./readOriginDeposit.js";
import { trackedDepositTerms } from "./trackedDepositTerms.js";

export type FindTrackedDepositReturnType = {
  originTxHash: string; originChainId: number; destinationChainId: number;
  /** What identifies the deposit in its transaction (`trackedDepositTerms`). */
  terms: TrackedDepositTerms;
} | undefined;

/**
 * The deposit of an origin transaction this account tracks (`/bridge/track`), if it tracks one: its chains and terms.
 * A transaction in which it tracks several (a batch) does not say which is meant: MALFORMED_REQUEST naming their ids.
 */
export async function findTrackedDeposit(db: Database, accountId: string, originTxHash: string): Promise<FindTrackedDepositReturnType> {
  const rows = await db.select().from(bridgeSettlements)
    .where(and(eq(bridgeSettlements.originTxHash, originTxHash.toLowerCase()), eq(bridgeSettlements.accountId, accountId)))
    .orderBy(bridgeSettlements.createdAt, bridgeSettlements.id).limit(20);
  if (rows.length > 1) {
    throw new SluiceError("MALFORMED_REQUEST", `depositTxnRef: transaction ${originTxHash.toLowerCase()} holds ${rows.length} deposits this account tracks `
      + `(ids ${rows.map((r) => r.depositId ?? "unknown").join(", ")}); ask by originChainId and depositId`);
  }
  const [row] = rows;
  return row && {
    originTxHash: row.originTxHash, originChainId: row.originChainId, destinationChainId: row.destinationChainId, terms: trackedDepositTerms(row),
  };
}
