import { redisKeys } from "../redis/redisKeys.js";
import type { Address, Hash } from "viem";
import type { Redis } from "../redis/createRedis.js";

export type ForgetPendingSpendParameters = { chainId: number; owner: Address; token: Address; txHash: Hash };

/**
 * Drops a pending-spend entry (and how it was sent) once it no longer holds input: its transaction was never sent
 * (`recordPendingSpend` runs before the node can have it), was mined, or can no longer be mined (`readPendingSpend`).
 * An entry that stays (this fails, as in a Redis outage) counts until `readPendingSpend` finds its nonce spent in a
 * finalized block, or the owner's record expires two hours after its last write: until then the owner's next solves
 * see that much less balance, so nothing can overdraw.
 */
export async function forgetPendingSpend(redis: Redis, { chainId, owner, token, txHash }: ForgetPendingSpendParameters): Promise<void> {
  const hash = txHash.toLowerCase();
  await redis.pipeline()
    .hdel(redisKeys.pendingSpend(chainId, owner, token), hash)
    .hdel(redisKeys.pendingSpendSends(chainId, owner, token), hash)
    .exec();
}
