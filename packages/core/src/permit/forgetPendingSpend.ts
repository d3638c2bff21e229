import { redisKeys } from "../redis/redisKeys.js";
import type { Address, Hash } from "viem";
import type { Redis } from "../redis/createRedis.js";

export type ForgetPendingSpendParameters = { chainId: number; owner: Address; token: Address; txHash: Hash };

/**
 * Drops a pending-spend entry whose transaction was never sent (`recordPendingSpend` runs before the node can have it).
 * An entry that stays (this fails, as in a Redis outage) is never mined and counts until the owner's record expires,
 * two hours after its last write: the owner's next solves see that much less balance, so nothing can overdraw.
 */
export async function forgetPendingSpend(redis: Redis, { chainId, owner, token, txHash }: ForgetPendingSpendParameters): Promise<void> {
  await redis.hdel(redisKeys.pendingSpend(chainId, owner, token), txHash.toLowerCase());
}
