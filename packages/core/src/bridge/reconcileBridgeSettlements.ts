/**
 * The bridge worker's cron: asks Across for the status of every tracked deposit that is not final yet (pending or
 * expired), checks that hint against the chains (`verifyDepositStatus`), and records what changed — status, fill
 * transaction — and, once the fill is shown on chain, the deposit's USD volume for the partner from the amounts
 * tracking verified (stablecoin inputs are valued 1:1; other assets stay unvalued until a price source exists). A
 * deposit Across does not know yet is left for the next run.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { bridgeSettlements } from "../db/schema/bridge.js";
import type { PublicClient } from "viem";
import type { AcrossClient } from "./across/createAcrossClient.js";
import { presentDeposit } from "./bridgeDepositStatus.js";
import { bridgeTokens } from "./bridgeTokens.js";
import { verifyDepositStatus } from "./verifyDepositStatus.js";
import { emitWebhookEvents } from "../webhooks/webhookEvents.js";
import { bridgeWebhookEvent } from "../webhooks/webhookPayloads.js";

export type ReconcileResult = { checked: number; updated: number; failed: number };

export type ReconcileBridgeSettlementsParameters = {
  db: Database;
  across: AcrossClient;
  /** A client of a chain, by id. */
  clientFor: (chainId: number) => PublicClient;
  limit?: number;
};

export async function reconcileBridgeSettlements({ db, across, clientFor, limit = 100 }: ReconcileBridgeSettlementsParameters): Promise<ReconcileResult> {
  const open = await db.select().from(bridgeSettlements)
    .where(inArray(bridgeSettlements.status, ["pending", "expired"]))
    .orderBy(asc(bridgeSettlements.updatedAt)).limit(limit);
  const result: ReconcileResult = { checked: open.length, updated: 0, failed: 0 };
  for (const settlement of open) {
    try {
      const answer = await across.depositStatus({ depositTxnRef: settlement.originTxHash });
      if (!answer) continue;
      const shown = await verifyDepositStatus({
        hint: { ...presentDeposit(answer), depositTxHash: settlement.originTxHash, depositId: settlement.depositId ?? answer.depositId ?? "" },
        originChainId: settlement.originChainId, clientFor,
      });
      const { status } = shown;
      const fillTxHash = shown.fillTx;
      const depositId = settlement.depositId ?? shown.depositId;
      if (status === settlement.status && fillTxHash === settlement.fillTxHash && depositId === settlement.depositId) continue;
      // The new status and its webhook event in one transaction; the update is conditional on the status read, so a
      // concurrent reconciler's change is not announced twice.
      await db.transaction(async (tx) => {
        const changed = await tx.update(bridgeSettlements).set({
          status, fillTxHash, depositId,
          volumeUsd: status === "filled" ? volumeUsd(settlement.originChainId, settlement.inputToken, settlement.amountInRaw) : settlement.volumeUsd,
          updatedAt: sql`now()`,
        }).where(and(eq(bridgeSettlements.id, settlement.id), eq(bridgeSettlements.status, settlement.status))).returning({ id: bridgeSettlements.id });
        if (changed.length === 0 || status === settlement.status || status === "pending") return;
        await emitWebhookEvents(tx, [bridgeWebhookEvent({
          settlementId: settlement.id, accountId: settlement.accountId, status, depositId, depositTxHash: settlement.originTxHash,
          fillTx: shown.fillTx, refundTx: shown.refundTx, originChainId: settlement.originChainId, destinationChainId: settlement.destinationChainId,
        })]);
      });
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
