import { redisKeys } from "../redis/redisKeys.js";
import type { Address, Hash, PublicClient } from "viem";
import type { Redis } from "../redis/createRedis.js";
import { readRelayedReceipt } from "../relayer/readRelayedReceipt.js";

/** An owner's pending-spend record as `HGETALL` answers it: tx hash → `raw:<amount>` (`recordPendingSpend`). */
export type PendingSpendEntries = Record<string, unknown>;

export type ReadPendingSpendParameters = {
  chainId: number;
  owner: Address;
  token: Address;
  client: PublicClient;
  /** The record, already read under the owner's spend lock (`acquireSpendLock` reads it); default: read here. */
  entries?: PendingSpendEntries;
};

/**
 * The input an owner's gasless solves have committed but the chain does not show spent yet: every recorded
 * transaction that has no receipt (nor any transaction the relayer repair sent in its place, `readRelayedReceipt`).
 * Mined ones (succeeded or reverted) are dropped from the record, since the
 * balance read after this already reflects them. An RPC failure counts the transaction as still in flight.
 */
export async function readPendingSpend(redis: Redis, { chainId, owner, token, client, entries }: ReadPendingSpendParameters): Promise<bigint> {
  const key = redisKeys.pendingSpend(chainId, owner, token);
  const recorded = entries ?? (await redis.hgetall<PendingSpendEntries>(key)) ?? {};
  let pending = 0n;
  await Promise.all(Object.entries(recorded).map(async ([hash, value]) => {
    const mined = await readRelayedReceipt({ redis, client, chainId, hash: hash as Hash }).then((r) => r.receipt !== undefined, () => false);
    if (mined) await redis.hdel(key, hash);
    else pending += BigInt(String(value).replace(/^raw:/, ""));
  }));
  return pending;
}
