/**
 * The bridge worker's cron: asks Across for the status of every tracked deposit that is not final yet (pending or
 * expired) and records what changed — deposit id, status, fill transaction — and, once the fill lands, the deposit's
 * USD volume for the partner (stablecoin inputs are valued 1:1; other assets stay unvalued until a price source
 * exists). A deposit Across does not know yet is left for the next run.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { bridgeSettlements } from "../db/schema/bridge.js";
import type { AcrossClient } from "./across/createAcrossClient.js";
import { mapAcrossStatus } from "./bridgeDepositStatus.js";
import { bridgeTokens } from "./bridgeTokens.js";

export type ReconcileResult = { checked: number; updated: number; failed: number };

export async function reconcileBridgeSettlements({ db, across, limit = 100 }: { db: Database; across: AcrossClient; limit?: number }): Promise<ReconcileResult> {
  const open = await db.select().from(bridgeSettlements)
    .where(inArray(bridgeSettlements.status, ["pending", "expired"]))
    .orderBy(asc(bridgeSettlements.updatedAt)).limit(limit);
  const result: ReconcileResult = { checked: open.length, updated: 0, failed: 0 };
  for (const settlement of open) {
    try {
      const answer = await across.depositStatus({ depositTxnRef: settlement.originTxHash });
      if (!answer) continue;
      const status = mapAcrossStatus(answer.status);
      const fillTxHash = answer.fillTxnRef ?? answer.fillTx ?? null;
      const depositId = answer.depositId ?? settlement.depositId;
      if (status === settlement.status && fillTxHash === settlement.fillTxHash && depositId === settlement.depositId) continue;
      await db.update(bridgeSettlements).set({
        status, fillTxHash, depositId,
        volumeUsd: status === "filled" ? volumeUsd(settlement.originChainId, settlement.inputToken, settlement.amountInRaw) : settlement.volumeUsd,
        updatedAt: sql`now()`,
      }).where(eq(bridgeSettlements.id, settlement.id));
      result.updated++;
    } catch (error) {
      result.failed++;
      console.error("bridge reconcile", settlement.id, (error as Error).message);
    }
  }
  return result;
}

/** USD value of a raw stablecoin amount as an exact decimal string; null for other assets. */
function volumeUsd(chainId: number, tokenAddress: string, amountRaw: string): string | null {
  const token = bridgeTokens(chainId).find((t) => t.address.toLowerCase() === tokenAddress.toLowerCase());
  if (!token?.usdStable) return null;
  const digits = amountRaw.padStart(token.decimals + 1, "0");
  return `${digits.slice(0, digits.length - token.decimals)}.${digits.slice(digits.length - token.decimals) || "0"}`;
}
