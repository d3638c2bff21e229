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
 * off too: its refund comes hours after the deadline, and each check searches the origin's logs for it. Once that
 * search's whole window (`findRefundTransaction`: its pages from the deadline's block) is confirmed and holds no
 * refund, searching again finds nothing new: the row is checked daily (only the protocol naming the refund transaction
 * can still prove one), and after `REFUND_UNPROVEN_GIVE_UP_SECONDS` from its tracking it is left `expired` for good,
 * its refund unproven and logged (`next_check_at` 'infinity': never due; an operator who sets it back re-queues it).
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
import { logEvent } from "../observability/logEvent.js";
import { pendingDepositHint, presentDeposit } from "./bridgeDepositStatus.js";
import { bridgeTokens } from "./bridgeTokens.js";
import { trackedDepositTerms } from "./trackedDepositTerms.js";
import { verifyDepositStatus } from "./verifyDepositStatus.js";
import { emitWebhookEvents } from "../webhooks/webhookEvents.js";
import { bridgeWebhookEvent } from "../webhooks/webhookPayloads.js";
import { errorText } from "../observability/errorText.js";

export type ReconcileResult = { checked: number; updated: number; failed: number };

/**
 * How far ahead a run's claim moves its rows: past the end of any run that may still be checking them. A row can take
 * Across' whole time limit, retried, and the chains' reads (about 10 s with Across silent), so a batch of 100 can take
 * many minutes; Workers end a scheduled invocation after 15 minutes. A row the run checks gets its real next check
 * then (below); only the rows of a run that died before reaching them wait this long.
 */
const CLAIM_LEASE_SECONDS = 15 * 60;

/** How often an expired row whose whole refund search window held no refund is checked again: the protocol's word only. */
const REFUND_UNPROVEN_RECHECK_SECONDS = 86_400;
/**
 * How long after tracking such a row is checked at all: a month of daily asks. Across refunds an expired deposit in
 * one of the next bundles, hours after its deadline; a refund neither the chain's window nor the protocol showed by
 * then is not coming to light by asking.
 */
export const REFUND_UNPROVEN_GIVE_UP_SECONDS = 30 * 86_400;

export type ReconcileBridgeSettlementsParameters = {
  db: Database;
  across: AcrossClient;
  /** A client of a chain, by id. */
  clientFor: (chainId: number) => PublicClient;
  /** A chain's confirmation depth, by id: a fill or refund counts once it is this deep (default 1: once mined). */
  confirmationsFor?: (chainId: number) => number;
  limit?: number;
  /** Log-query pages a fill or refund search reads at most (default `verifyDepositStatus`'s: 100 and 50). */
  maxSearchPages?: number;
};

export async function reconcileBridgeSettlements(params: ReconcileBridgeSettlementsParameters): Promise<ReconcileResult> {
  const { db, across, clientFor, confirmationsFor, limit = 100, maxSearchPages } = params;
  const open = await claimDueSettlements(db, limit);
  const result: ReconcileResult = { checked: open.length, updated: 0, failed: 0 };
  for (const settlement of open) {
    try {
      // Across' answer is a hint. Without a usable one (it does not know the deposit, or has not indexed it, answers a
      // status Sluice does not know, or fails) the chains are read all the same, from a `pending` hint: a deposit the
      // destination shows filled is never left pending because the protocol forgot it.
      const answer = await across.depositStatus({ depositTxnRef: settlement.originTxHash }).then((a) => a && presentDeposit(a)).catch((error: unknown) => {
        logEvent("warn", "bridge reconcile: no usable answer from the bridge protocol; reading the chains", { settlement: settlement.id, error: errorText(error) });
        return null;
      });
      const shown = await verifyDepositStatus({
        hint: { ...(answer ?? pendingDepositHint(settlement)), depositTxHash: settlement.originTxHash, depositId: "" },
        originChainId: settlement.originChainId, clientFor, confirmationsFor, tracked: trackedDepositTerms(settlement), maxSearchPages,
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
        // Still expired: the refund is not on the origin yet; it comes hours later, so the row is asked less often —
        // daily once its whole search window showed none (then never, a month after tracking).
        // So is a deposit the protocol does not know whose chains show no change.
        // A good check puts the row back to every run (its claim leased it ahead).
        if (status === "expired" && shown.refundSearchExhausted) await refundUnproven(db, settlement);
        else if (status === "expired" || !answer) await backOff(db, settlement.id);
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
      logEvent("error", "bridge reconcile failed", { settlement: settlement.id, error: errorText(error) });
      await backOff(db, settlement.id).catch((backOffError: unknown) => logEvent("error", "bridge reconcile back-off failed", { settlement: settlement.id, error: errorText(backOffError) }));
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

/**
 * An expired row whose refund the chain's whole search window does not show: asked again in a day, or, tracked more
 * than `REFUND_UNPROVEN_GIVE_UP_SECONDS` ago, left `expired` for good (never due again), and logged for the operator.
 */
async function refundUnproven(db: Database, settlement: { id: string; createdAt: Date; originChainId: number; originTxHash: string }) {
  if (Date.now() - settlement.createdAt.getTime() < REFUND_UNPROVEN_GIVE_UP_SECONDS * 1000) {
    await db.update(bridgeSettlements).set({
      checkFailures: sql`${bridgeSettlements.checkFailures} + 1`,
      nextCheckAt: sql`now() + ${REFUND_UNPROVEN_RECHECK_SECONDS} * interval '1 second'`,
    }).where(eq(bridgeSettlements.id, settlement.id));
    return;
  }
  await db.update(bridgeSettlements).set({ checkFailures: sql`${bridgeSettlements.checkFailures} + 1`, nextCheckAt: sql`'infinity'` })
    .where(eq(bridgeSettlements.id, settlement.id));
  logEvent("warn", "bridge reconcile: refund unproven", {
    settlementId: settlement.id, originChainId: settlement.originChainId, originTxHash: settlement.originTxHash,
    reason: `expired, and no refund shown on the origin nor named by the protocol within ${REFUND_UNPROVEN_GIVE_UP_SECONDS / 86_400} days; no longer checked`,
  });
}

/** USD value of a raw stablecoin amount as an exact decimal string; null for other assets. */
function volumeUsd(chainId: number, tokenAddress: string, amountRaw: string): string | null {
  const token = bridgeTokens(chainId).find((t) => t.address.toLowerCase() === tokenAddress.toLowerCase());
  if (!token?.usdStable) return null;
  const digits = amountRaw.padStart(token.decimals + 1, "0");
  return `${digits.slice(0, digits.length - token.decimals)}.${digits.slice(digits.length - token.decimals) || "0"}`;
}
