import { redisKeys } from "../redis/redisKeys.js";
import type { Address, Hash, PublicClient } from "viem";
import type { Redis } from "../redis/createRedis.js";
import { readRelayedReceipt } from "../relayer/readRelayedReceipt.js";

/** An owner's pending-spend record as `HGETALL` answers it: tx hash → `raw:<amount>:<recorded ms>` (`recordPendingSpend`). */
export type PendingSpendEntries = Record<string, unknown>;

/**
 * An entry recorded this long ago whose transaction the node does not know, nor any replacement of it, was never sent:
 * its send failed and the entry could not be let go of then (`forgetPendingSpend` during a Redis outage). A sent
 * transaction the node dropped is replaced by the relayer repair within a minute or two, under a linked hash.
 */
export const UNSENT_PENDING_SPEND_AFTER_MS = 15 * 60_000;

export type ReadPendingSpendParameters = {
  chainId: number;
  owner: Address;
  token: Address;
  client: PublicClient;
  /** The record, already read under the owner's spend lock (`acquireSpendLock` reads it); default: read here. */
  entries?: PendingSpendEntries;
  now?: number;
};

/**
 * The input an owner's gasless solves have committed but the chain does not show spent yet: every recorded
 * transaction that has no receipt (nor any transaction the relayer repair sent in its place, `readRelayedReceipt`).
 * Mined ones (succeeded or reverted) are dropped from the record, since the balance read after this already reflects
 * them, and so are entries older than `UNSENT_PENDING_SPEND_AFTER_MS` that the node does not know (never sent). An RPC
 * failure counts the transaction as still in flight.
 */
export async function readPendingSpend(redis: Redis, { chainId, owner, token, client, entries, now = Date.now() }: ReadPendingSpendParameters): Promise<bigint> {
  const key = redisKeys.pendingSpend(chainId, owner, token);
  const recorded = entries ?? (await redis.hgetall<PendingSpendEntries>(key)) ?? {};
  let pending = 0n;
  await Promise.all(Object.entries(recorded).map(async ([hash, value]) => {
    const read = await readRelayedReceipt({ redis, client, chainId, hash: hash as Hash }).catch(() => undefined);
    // `raw:<amount>`, and since entries are written before the send, `:<recorded ms>`.
    const [amount, recordedAt] = String(value).replace(/^raw:/, "").split(":");
    const unsent = read !== undefined && !read.receipt && recordedAt !== undefined && now - Number(recordedAt) > UNSENT_PENDING_SPEND_AFTER_MS
      && !(await anyKnown(client, read.hashes));
    if (read?.receipt || unsent) await redis.hdel(key, hash);
    else pending += BigInt(amount!);
  }));
  return pending;
}

/** Whether the node knows any of the transactions (pending or mined); a lookup that fails counts as known. */
async function anyKnown(client: PublicClient, hashes: readonly Hash[]): Promise<boolean> {
  const known = await Promise.all(hashes.map((hash) => client.getTransaction({ hash }).then(() => true,
    (error: unknown) => (error as { name?: string }).name !== "TransactionNotFoundError")));
  return known.some(Boolean);
}
