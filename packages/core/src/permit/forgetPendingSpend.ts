import { redisKeys } from "../redis/redisKeys.js";
import type { Address, Hash } from "viem";
import type { Redis } from "../redis/createRedis.js";

export type ForgetPendingSpendParameters = { chainId: number; owner: Address; token: Address; txHash: Hash };

/**
 * Drops a pending-spend entry whose transaction was never sent (`recordPendingSpend` runs before the node can have it).
 * A failure leaves the entry until `readPendingSpend` finds it old and unknown to the node.
 */
export async function forgetPendingSpend(redis: Redis, { chainId, owner, token, txHash }: ForgetPendingSpendParameters): Promise<void> {
  await redis.hdel(redisKeys.pendingSpend(chainId, owner, token), txHash.toLowerCase());
}
