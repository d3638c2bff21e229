import { and, eq } from "drizzle-orm";
import { getAddress } from "viem";
import type { Database } from "../db/createDb.js";
import { bridgeSettlements, type BridgeSettlement } from "../db/schema/bridge.js";
import type { TrackedDepositTerms } from "./readOriginDeposit.js";

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

/**
 * A settlement's deposit terms as tracking recorded them from the origin's event: what identifies the deposit in its
 * transaction (`readOriginDeposit`'s `tracked`), whatever deposit id a reorganisation or the protocol's answer names.
 */
export function trackedDepositTerms(s: Pick<BridgeSettlement,
  "depositor" | "recipient" | "inputToken" | "outputToken" | "amountInRaw" | "expectedOutRaw" | "destinationChainId" | "depositId">): TrackedDepositTerms {
  return {
    depositor: getAddress(s.depositor), recipient: getAddress(s.recipient), inputToken: getAddress(s.inputToken), outputToken: getAddress(s.outputToken),
    inputAmount: BigInt(s.amountInRaw), outputAmount: BigInt(s.expectedOutRaw), destinationChainId: s.destinationChainId,
    depositId: s.depositId === null ? undefined : BigInt(s.depositId),
  };
}
