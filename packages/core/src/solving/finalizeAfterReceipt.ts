import type { Hash, PublicClient, TransactionReceipt } from "viem";
import type { ChainName } from "../chains/chains.js";
import type { CreateDbReturnType } from "../db/createDb.js";
import type { Redis } from "../redis/createRedis.js";
import { finalizePendingSolves } from "../usage/finalizePendingSolves.js";

export type FinalizeAfterReceiptParameters = {
  client: PublicClient;
  chain: ChainName;
  hash: Hash;
  eventId: string;
  /** Where the relayer repair records replacements: a replacement mined in time settles the event too. */
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
   * As soon as the transaction (or a replacement of it) is mined (one block, before the confirmation depth): e.g.
   * count a revert against the owner's gasless budget and give back its in-flight slot. Not called when no receipt
   * came in time.
   */
  onMined?: (receipt: TransactionReceipt) => Promise<unknown>;
};

/** Waits (boundedly) for a sent solve's receipt and finalises its usage event; never throws. */
export async function finalizeAfterReceipt(p: FinalizeAfterReceiptParameters): Promise<void> {
  try {
    const timeoutMs = p.timeoutMs ?? 25_000;
    const deadline = Date.now() + timeoutMs;
    const mined = await p.client.waitForTransactionReceipt({ hash: p.hash, timeout: timeoutMs, pollingInterval: 1_000 });
    await p.onMined?.(mined).catch((error: unknown) => console.error("after the solve was mined", p.eventId, error));
    if (p.confirmations > 1) {
      await p.client.waitForTransactionReceipt({
        hash: p.hash, confirmations: p.confirmations, timeout: Math.max(1, deadline - Date.now()), pollingInterval: 1_000,
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
    console.error("solve not finalised yet (the cron will)", p.eventId, error);
  }
}
