import type { Address } from "viem";
import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";

export type ReturnRelayerNonceParameters = { redis: Redis; chainId: number; relayer: Address; nonce: number };

/**
 * Gives back a nonce `allocateRelayerNonce` handed out and nothing was sent at: it becomes a hole, the next
 * allocation's first pick, so it never leaves a gap that wedges the relayer's later transactions. On a quiet relayer
 * `repairRelayerNonces` lowers the counter over it (free), or plugs it only when a sent transaction waits behind it.
 * Best effort: a hole whose write fails is found by the repair the same way.
 */
export async function returnRelayerNonce({ redis, chainId, relayer, nonce }: ReturnRelayerNonceParameters): Promise<void> {
  await redis.zadd(redisKeys.relayer(chainId, relayer).holes, { score: nonce, member: String(nonce) }).catch(() => {});
}
