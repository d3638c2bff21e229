import { redisKeys } from "../redis/redisKeys.js";
import type { PrivateKeyAccount } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import type { Redis } from "../redis/createRedis.js";

/**
 * Spreads a chain's solves over its relayer wallets, round robin through a Redis counter (each wallet's nonces
 * are still allocated atomically; spreading only shortens each wallet's queue). Without Redis, picks at random.
 */
export async function pickRelayer(redis: Redis, chainId: number, relayers: readonly PrivateKeyAccount[]): Promise<PrivateKeyAccount> {
  if (relayers.length === 0) {
    throw new SluiceError("UNSUPPORTED_CHAIN", "Gasless swaps are not available on this chain: no relayer is configured", {
      hint: "the operator sets RELAYER_PRIVATE_KEYS for the chain's allow-listed relayers",
    });
  }
  if (relayers.length === 1) return relayers[0]!;
  const turn = await redis.incr(redisKeys.relayerRoundRobin(chainId)).catch(() => Math.floor(Math.random() * relayers.length));
  return relayers[turn % relayers.length]!;
}
