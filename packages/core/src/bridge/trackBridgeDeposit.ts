/**
 * Records a deposit a partner submitted (`/bridge/track`) for reconciliation and volume attribution, with the figures
 * the origin chain shows (`verifyBridgeDeposit`). Idempotent by origin transaction: tracking the same deposit again
 * answers the same settlement; a deposit already tracked by another account answers exactly like an unknown one
 * (NOT_FOUND: a deposit's volume is attributed once, and nobody learns that someone else tracks it). A new deposit is
 * recorded only for an account whose `/bridge/quote` produced it (`issuedToAccount`); any other answers NOT_FOUND too,
 * so an account cannot claim deposits made from another's quotes.
 */
import { and, eq } from "drizzle-orm";
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
  };
  /** Whether `/bridge/quote` gave this account this deposit (`wasBridgeQuoteIssued`). */
  issuedToAccount: boolean;
  /** The answer for a deposit this account may not track (the same as for an unknown one). */
  notFound: () => SluiceError;
};

export async function trackBridgeDeposit({ db, accountId, apiKeyId, deposit, issuedToAccount, notFound }: TrackBridgeDepositParameters): Promise<{ settlementId: string; created: boolean }> {
  const originTxHash = deposit.originTxHash.toLowerCase();
  // Not this account's quote: only an existing settlement of its own may answer (tracking again once the quote's
  // binding has lapsed stays idempotent).
  const inserted = !issuedToAccount ? [] : await db.insert(bridgeSettlements).values({
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
  }).onConflictDoNothing({ target: [bridgeSettlements.originChainId, bridgeSettlements.originTxHash] }).returning({ id: bridgeSettlements.id });
  if (inserted[0]) return { settlementId: inserted[0].id, created: true };

  const [existing] = await db.select({ id: bridgeSettlements.id, accountId: bridgeSettlements.accountId }).from(bridgeSettlements)
    .where(and(eq(bridgeSettlements.originChainId, deposit.originChainId), eq(bridgeSettlements.originTxHash, originTxHash)));
  if (!existing) {
    if (!issuedToAccount) throw notFound();
    throw new SluiceError("INTERNAL", "A tracked deposit vanished while it was being tracked");
  }
  if (existing.accountId !== accountId) throw notFound();
  return { settlementId: existing.id, created: false };
}
