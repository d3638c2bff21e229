import { redisKeys } from "../redis/redisKeys.js";
import type { Address, Hash } from "viem";
import type { Redis } from "../redis/createRedis.js";

export type RecordPendingSpendParameters = { chainId: number; owner: Address; token: Address; txHash: Hash; amount: bigint };

/** Two hours: by then a relayer transaction is mined or its nonce was repaired. */
const KEEP_SECONDS = 2 * 3600;

/**
 * Records input a gasless solve is sending, under its first attempt's hash, until the transaction (or the repair's
 * replacement of it) is mined (see `readPendingSpend`). One round trip.
 */
export async function recordPendingSpend(redis: Redis, { chainId, owner, token, txHash, amount }: RecordPendingSpendParameters): Promise<void> {
  const key = redisKeys.pendingSpend(chainId, owner, token);
  await redis.pipeline().hset(key, { [txHash.toLowerCase()]: `raw:${amount}` }).expire(key, KEEP_SECONDS).exec();
}
