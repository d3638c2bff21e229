import type { Address } from "viem";
import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";

export type ReturnRelayerNonceParameters = { redis: Redis; chainId: number; relayer: Address; nonce: number };

/**
 * Gives back a nonce `allocateRelayerNonce` handed out and nothing was sent at: it becomes a hole, the next
 * allocation's first pick (or plugged by `repairRelayerNonces`), so it never leaves a gap that wedges the relayer's
 * later transactions. Best effort: a hole whose write fails is found and plugged by the repair.
 */
export async function returnRelayerNonce({ redis, chainId, relayer, nonce }: ReturnRelayerNonceParameters): Promise<void> {
  await redis.zadd(redisKeys.relayer(chainId, relayer).holes, { score: nonce, member: String(nonce) }).catch(() => {});
}
