import { redisKeys } from "../redis/redisKeys.js";
import type { Address, PublicClient } from "viem";
import type { Redis } from "../redis/createRedis.js";

/** Raises the counter to at least ARGV[1] and forgets holes and in-flight records below it (mined or replaced). */
const RAISE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '-1')
local floor = tonumber(ARGV[1])
if floor > current then redis.call('SET', KEYS[1], floor) end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', '(' .. floor)
return math.max(floor, current)`;

/**
 * Brings the counter up to the chain's pending transaction count after the node reported a nonce as too low
 * (someone else used the wallet, or Redis lost its state). Never lowers it: concurrent allocations stay unique.
 */
export async function resyncRelayerNonce(
  { redis, client, chainId, relayer }: { redis: Redis; client: PublicClient; chainId: number; relayer: Address },
): Promise<number> {
  const keys = redisKeys.relayer(chainId, relayer);
  const pending = await client.getTransactionCount({ address: relayer, blockTag: "pending" });
  return Number(await redis.eval<string[], number>(RAISE, [keys.next, keys.holes], [String(pending)]));
}
