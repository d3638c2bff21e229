/**
 * Records a deposit a partner submitted (`/bridge/track`) for reconciliation and volume attribution, with the figures
 * the origin chain shows (`verifyBridgeDeposit`). One settlement per deposit: a transaction may hold several (a
 * wallet's batch, a bundle of two partners' users), told apart by their fingerprints. Idempotent by deposit: tracking
 * the same deposit again answers the same settlement; a deposit already tracked by another account answers exactly
 * like an unknown one (NOT_FOUND: a deposit's volume is attributed once, and nobody learns that someone else tracks
 * it). A new deposit is recorded only for an account whose `/bridge/quote` produced it (`issuedToAccount`); any other
 * answers NOT_FOUND too, so an account cannot claim deposits made from another's quotes. A row tracked before
 * settlements were per deposit (no fingerprint) stays its transaction's only settlement.
 */
import { and, eq, isNull, or } from "drizzle-orm";
import type { Address, Hex } from "viem";
import type { Database } from "../db/createDb.js";
import { bridgeSettlements } from "../db/schema/bridge.js";
import { SluiceError } from "../errors/SluiceError.js";
import { newId } from "../ids/newId.js";

export type TrackBridgeDepositParameters = {
  db: Database;
  accountId: string;
  apiKeyId: string;
  deposit: {
    originChainId: number;
    destinationChainId: number;
    depositor: Address;
    recipient: Address;
    inputToken: Address;
    outputToken: Address;
    amountInRaw: bigint;
    expectedOutRaw: bigint;
    depositId: bigint;
    quoteId?: string;
    originTxHash: Hex;
    /** The deposit's `bridgeDepositFingerprint`. */
    fingerprint: Hex;
  };
  /** Whether `/bridge/quote` gave this account this deposit (`wasBridgeQuoteIssued`). */
  issuedToAccount: boolean;
  /** The answer for a deposit this account may not track (the same as for an unknown one). */
  notFound: () => SluiceError;
};

export async function trackBridgeDeposit({ db, accountId, apiKeyId, deposit, issuedToAccount, notFound }: TrackBridgeDepositParameters): Promise<{ settlementId: string; created: boolean }> {
  const originTxHash = deposit.originTxHash.toLowerCase();
  const fingerprint = deposit.fingerprint.toLowerCase();
  /** The settlement this deposit already has: its own row, or the transaction's row from before fingerprints. */
  const existing = async () => {
    const rows = await db.select({ id: bridgeSettlements.id, accountId: bridgeSettlements.accountId }).from(bridgeSettlements)
      .where(and(
        eq(bridgeSettlements.originChainId, deposit.originChainId), eq(bridgeSettlements.originTxHash, originTxHash),
        or(eq(bridgeSettlements.depositFingerprint, fingerprint), isNull(bridgeSettlements.depositFingerprint)),
      ));
    return rows[0];
  };
  const answer = (row: { id: string; accountId: string }) => {
    if (row.accountId !== accountId) throw notFound();
    return { settlementId: row.id, created: false };
  };
  const before = await existing();
  if (before) return answer(before);
  // Not this account's quote: only an existing settlement of its own may answer (tracking again once the quote's
  // binding has lapsed stays idempotent).
  if (!issuedToAccount) throw notFound();
  const inserted = await db.insert(bridgeSettlements).values({
    id: newId("brg"),
    accountId,
    apiKeyId,
    originChainId: deposit.originChainId,
    destinationChainId: deposit.destinationChainId,
    depositor: deposit.depositor.toLowerCase(),
    recipient: deposit.recipient.toLowerCase(),
    inputToken: deposit.inputToken.toLowerCase(),
    outputToken: deposit.outputToken.toLowerCase(),
    amountInRaw: deposit.amountInRaw.toString(),
    expectedOutRaw: deposit.expectedOutRaw.toString(),
    quoteId: deposit.quoteId ?? null,
    depositId: deposit.depositId.toString(),
    originTxHash,
    depositFingerprint: fingerprint,
  }).onConflictDoNothing().returning({ id: bridgeSettlements.id });
  if (inserted[0]) return { settlementId: inserted[0].id, created: true };
  // Tracked at the same moment by another request.
  const raced = await existing();
  if (!raced) throw new SluiceError("INTERNAL", "A tracked deposit vanished while it was being tracked");
  return answer(raced);
}
