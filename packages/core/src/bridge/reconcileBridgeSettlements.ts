/**
 * The bridge worker's cron: asks Across for the status of every tracked deposit that is not final yet (pending or
 * expired), checks that hint against the chains (`verifyDepositStatus`; without a usable hint — Across does not know
 * the deposit, answers a status Sluice does not know, or fails — from a `pending` one, so the chains still decide:
 * an expired deposit never goes back to pending), and records what changed — status, fill
 * transaction — and, once the fill is shown on chain, the deposit's USD volume for the partner from the amounts
 * tracking verified (stablecoin inputs are valued 1:1; other assets stay unvalued until a price source exists).
 *
 * The open rows form a queue (`next_check_at`): each run takes the rows due longest ago and, as it takes them, leases
 * them (`CLAIM_LEASE_SECONDS` ahead), whatever then happens to them — so rows that never change or keep failing (a
 * deposit Across does not know, a reorged origin transaction, a chain this deployment cannot reach) cannot hold the
 * batch and starve the rest, and a run that overlaps a slow one (Workers start the next minute's run whatever the
 * last is doing) does not check its rows again. Each row's real next check is written once it is checked: now (every
 * run) after a good check, later after one that found nothing; a row a dead run never reached comes back when its
 * lease ends. A row that finds nothing (Across does not know the deposit yet, or the check failed) backs off, doubling
 * from a minute up to an hour; one good check brings it back to every run. An `expired` row that stays expired backs
 * off too: its refund comes hours after the deadline, and each check searches the origin's logs for it.
 *
 * The deposit is the one the transaction holds with the row's terms (`tracked`), not the row's deposit id: a
 * reorganisation can re-include the transaction after another deposit, and the SpokePool's sequential id then
 * changes. Pinning the recorded id would fail that row every run forever; instead the chain's current id is recorded
 * (in the same conditional update as the status). And nothing but `pending` is recorded until the origin deposit is
 * at the origin's confirmation depth (`verifyDepositStatus`), so a fill of a deposit a reorganisation then drops never
 * counts volume or announces `filled`.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { bridgeSettlements } from "../db/schema/bridge.js";
import type { PublicClient } from "viem";
import type { AcrossClient } from "./across/createAcrossClient.js";
import { SluiceError } from "../errors/SluiceError.js";
import { pendingDepositHint, presentDeposit } from "./bridgeDepositStatus.js";
import { bridgeTokens } from "./bridgeTokens.js";
import { trackedDepositTerms } from "./trackedDepositTerms.js";
import { verifyDepositStatus } from "./verifyDepositStatus.js";
import { emitWebhookEvents } from "../webhooks/webhookEvents.js";
import { bridgeWebhookEvent } from "../webhooks/webhookPayloads.js";

export type ReconcileResult = { checked: number; updated: number; failed: number };

/**
 * How far ahead a run's claim moves its rows: past the end of any run that may still be checking them. A row can take
 * Across' whole time limit, retried, and the chains' reads (about 10 s with Across silent), so a batch of 100 can take
 * many minutes; Workers end a scheduled invocation after 15 minutes. A row the run checks gets its real next check
 * then (below); only the rows of a run that died before reaching them wait this long.
 */
const CLAIM_LEASE_SECONDS = 15 * 60;

export type ReconcileBridgeSettlementsParameters = {
  db: Database;
  across: AcrossClient;
  /** A client of a chain, by id. */
  clientFor: (chainId: number) => PublicClient;
  /** A chain's confirmation depth, by id: a fill or refund counts once it is this deep (default 1: once mined). */
  confirmationsFor?: (chainId: number) => number;
  limit?: number;
};

export async function reconcileBridgeSettlements({ db, across, clientFor, confirmationsFor, limit = 100 }: ReconcileBridgeSettlementsParameters): Promise<ReconcileResult> {
  const open = await claimDueSettlements(db, limit);
  const result: ReconcileResult = { checked: open.length, updated: 0, failed: 0 };
  for (const settlement of open) {
    try {
      // Across' answer is a hint. Without a usable one (it does not know the deposit, or has not indexed it, answers a
      // status Sluice does not know, or fails) the chains are read all the same, from a `pending` hint: a deposit the
      // destination shows filled is never left pending because the protocol forgot it.
      const answer = await across.depositStatus({ depositTxnRef: settlement.originTxHash }).then((a) => a && presentDeposit(a)).catch((error: unknown) => {
        console.warn("bridge reconcile: no usable answer from the bridge protocol; reading the chains", settlement.id, (error as Error).message);
        return null;
      });
      const shown = await verifyDepositStatus({
        hint: { ...(answer ?? pendingDepositHint(settlement)), depositTxHash: settlement.originTxHash, depositId: "" },
        originChainId: settlement.originChainId, clientFor, confirmationsFor, tracked: trackedDepositTerms(settlement),
      }).catch((error: unknown) => {
        // The origin does not show it (yet) and the protocol has nothing either: asked again later, less often each time.
        if (!answer && error instanceof SluiceError && error.code === "NOT_FOUND") return undefined;
        throw error;
      });
      if (!shown) {
        await backOff(db, settlement.id);
        continue;
      }
      // An expired deposit stays expired until refunded (no fill can come after its deadline): a lagging node's
      // `pending` does not move it back.
      const status = settlement.status === "expired" && shown.status === "pending" ? "expired" : shown.status;
      const fillTxHash = shown.fillTx;
      // The id the chain shows now (a reorganisation may have changed it since tracking).
      const depositId = shown.depositId;
      if (status === settlement.status && fillTxHash === settlement.fillTxHash && depositId === settlement.depositId) {
        // Still expired: the refund is not on the origin yet; it comes hours later, so the row is asked less often.
        // So is a deposit the protocol does not know whose chains show no change.
        // A good check puts the row back to every run (its claim leased it ahead).
        if (status === "expired" || !answer) await backOff(db, settlement.id);
        else await db.update(bridgeSettlements).set({ checkFailures: 0, nextCheckAt: sql`now()` }).where(eq(bridgeSettlements.id, settlement.id));
        continue;
      }
      // The new status and its webhook event in one transaction; the update is conditional on the status read, so a
      // concurrent reconciler's change is not announced twice.
      await db.transaction(async (tx) => {
        const changed = await tx.update(bridgeSettlements).set({
          status, fillTxHash, depositId,
          // A fill of terms the depositor updated after the deposit did not pay what Sluice quoted: no volume.
          volumeUsd: status === "filled" && !shown.fillUpdated ? volumeUsd(settlement.originChainId, settlement.inputToken, settlement.amountInRaw) : settlement.volumeUsd,
          // Still open (pending, expired): checked again by the next run, not when the claim's lease ends.
          updatedAt: sql`now()`, checkFailures: 0, nextCheckAt: sql`now()`,
        }).where(and(
          eq(bridgeSettlements.id, settlement.id), eq(bridgeSettlements.status, settlement.status),
          settlement.depositId === null ? isNull(bridgeSettlements.depositId) : eq(bridgeSettlements.depositId, settlement.depositId),
        )).returning({ id: bridgeSettlements.id });
        if (changed.length === 0) {
          // Another writer changed the row meanwhile: it is checked again by the next run, not when this claim's lease ends.
          await tx.update(bridgeSettlements).set({ nextCheckAt: sql`now()` }).where(eq(bridgeSettlements.id, settlement.id));
          return;
        }
        if (status === settlement.status || status === "pending") return;
        await emitWebhookEvents(tx, [bridgeWebhookEvent({
          settlementId: settlement.id, accountId: settlement.accountId, status, depositId, depositTxHash: settlement.originTxHash,
          fillTx: shown.fillTx, refundTx: shown.refundTx, originChainId: settlement.originChainId, destinationChainId: settlement.destinationChainId,
        })]);
      });
      result.updated++;
    } catch (error) {
      result.failed++;
      console.error("bridge reconcile", settlement.id, (error as Error).message);
      await backOff(db, settlement.id).catch((backOffError: unknown) => console.error("bridge reconcile back-off", settlement.id, String(backOffError)));
    }
  }
  return result;
}

/**
 * Takes up to `limit` open rows that are due, longest-waiting first, and leases each in the same statement
 * (`next_check_at` a `CLAIM_LEASE_SECONDS` ahead), so the next run starts with the rows this one did not take, and
 * does not take again those this one is still checking. Rows another run is taking at the same moment are skipped
 * rather than waited for.
 */
async function claimDueSettlements(db: Database, limit: number) {
  const due = db.select({ id: bridgeSettlements.id }).from(bridgeSettlements)
    .where(and(inArray(bridgeSettlements.status, ["pending", "expired"]), lte(bridgeSettlements.nextCheckAt, sql`now()`)))
    .orderBy(asc(bridgeSettlements.nextCheckAt)).limit(limit).for("update", { skipLocked: true });
  const claimed = await db.update(bridgeSettlements).set({ nextCheckAt: sql`now() + ${CLAIM_LEASE_SECONDS} * interval '1 second'` })
    .where(inArray(bridgeSettlements.id, due)).returning();
  return claimed;
}

/** The row's next check after one that found nothing: 1, 2, 4 … minutes after the previous, at most an hour. */
async function backOff(db: Database, id: string) {
  await db.update(bridgeSettlements).set({
    checkFailures: sql`${bridgeSettlements.checkFailures} + 1`,
    nextCheckAt: sql`now() + least(power(2, least(${bridgeSettlements.checkFailures}, 6)), 60) * interval '1 minute'`,
  }).where(eq(bridgeSettlements.id, id));
}

/** USD value of a raw stablecoin amount as an exact decimal string; null for other assets. */
function volumeUsd(chainId: number, tokenAddress: string, amountRaw: string): string | null {
  const token = bridgeTokens(chainId).find((t) => t.address.toLowerCase() === tokenAddress.toLowerCase());
  if (!token?.usdStable) return null;
  const digits = amountRaw.padStart(token.decimals + 1, "0");
  return `${digits.slice(0, digits.length - token.decimals)}.${digits.slice(digits.length - token.decimals) || "0"}`;
}
