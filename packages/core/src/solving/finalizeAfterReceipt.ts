import type { Hash, PublicClient, TransactionReceipt } from "viem";
import { chains, type ChainName } from "../chains/chains.js";
import type { CreateDbReturnType } from "../db/createDb.js";
import type { Redis } from "../redis/createRedis.js";
import { readRelayedReceipt } from "../relayer/readRelayedReceipt.js";
import { finalizePendingSolves } from "../usage/finalizePendingSolves.js";
import { logEvent } from "../observability/logEvent.js";
import { errorText } from "../observability/errorText.js";

export type FinalizeAfterReceiptParameters = {
  client: PublicClient;
  chain: ChainName;
  /** The hash the solve's event holds (its first attempt): the outcome is read from it and the attempts linked to it. */
  hash: Hash;
  /** The attempt known to have gone out (the last one), whose receipt is waited for; default `hash`. */
  sent?: Hash;
  eventId: string;
  /** Where the relayer records linked attempts and replacements: whichever of them was mined settles the event. */
  redis?: Redis;
  /** Opens a database connection of its own: this runs after the answer, when the request's is closed. */
  openDb: () => CreateDbReturnType;
  /** Blocks on top before the outcome is final (the chain's confirmation depth). */
  confirmations: number;
  /** How long to wait for the receipt; what is left is the reporting cron's (default 25 s). */
  timeoutMs?: number;
  /** After the outcome is settled (its webhook event written): e.g. ask the reporting worker to deliver it now. */
  afterSettled?: () => Promise<unknown>;
  /**
   * As soon as the solve is mined (one block, before the confirmation depth), with the receipt that decides it: of
   * every attempt linked to `hash`, a successful one first — e.g. count a revert against the owner's gasless budget
   * and give back its in-flight slot. Undefined when that read failed (the finaliser reads it again when it
   * settles). Not called when no receipt came in time.
   */
  onMined?: (receipt: TransactionReceipt | undefined) => Promise<unknown>;
};

/**
 * Waits (boundedly) for a sent solve's receipt and finalises its usage event; never throws. The receipt waited for is
 * the last attempt's, but the one that decides is read from the first: an earlier attempt may have been mined too
 * (its answer lost, the swap re-signed), and then it swapped while the last one reverted.
 */
export async function finalizeAfterReceipt(p: FinalizeAfterReceiptParameters): Promise<void> {
  try {
    const timeoutMs = p.timeoutMs ?? 25_000;
    const deadline = Date.now() + timeoutMs;
    const waited = await p.client.waitForTransactionReceipt({ hash: p.sent ?? p.hash, timeout: timeoutMs, pollingInterval: 1_000 });
    const mined = await decidingReceipt(p, waited);
    await p.onMined?.(mined).catch((error: unknown) => logEvent("error", "after the solve was mined", { eventId: p.eventId, error: errorText(error) }));
    if (p.confirmations > 1) {
      await p.client.waitForTransactionReceipt({
        hash: (mined ?? waited).transactionHash, confirmations: p.confirmations, timeout: Math.max(1, deadline - Date.now()), pollingInterval: 1_000,
      });
    }
    const { db, close } = p.openDb();
    let settled = 0;
    try {
      const result = await finalizePendingSolves({
        db, redis: p.redis, clientFor: (c) => (c === p.chain ? p.client : undefined), confirmationsFor: () => p.confirmations, eventIds: [p.eventId],
      });
      settled = result.succeeded + result.failed;
    } finally {
      await close();
    }
    if (settled && p.afterSettled) await p.afterSettled();
  } catch (error) {
    logEvent("error", "solve not finalised yet (the cron will)", { eventId: p.eventId, error: errorText(error) });
  }
}

/** Of every attempt linked to the event's hash, the mined one (a successful one first); undefined when unreadable. */
async function decidingReceipt(p: FinalizeAfterReceiptParameters, waited: TransactionReceipt): Promise<TransactionReceipt | undefined> {
  if (!p.redis) return waited;
  return readRelayedReceipt({ redis: p.redis, client: p.client, chainId: chains[p.chain].id, hash: p.hash }).then(
    ({ receipt }) => receipt,
    (error: unknown) => {
      logEvent("error", "solve's attempts not read back (the finaliser will)", { eventId: p.eventId, error: errorText(error) });
      return undefined;
    },
  );
}
