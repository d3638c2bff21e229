import { redisKeys } from "../redis/redisKeys.js";
import type { Address, PublicClient } from "viem";
import type { Redis } from "../redis/createRedis.js";

/**
 * Atomically (one Lua script): the lowest hole if there is one, else the counter's value, incremented. A missing
 * counter answers -1 unless a seed is given; the seed then initializes it (only if still missing).
 */
const ALLOCATE = `
local hole = redis.call('ZRANGE', KEYS[2], 0, 0)
redis.call('SET', KEYS[3], ARGV[2])
if hole[1] then
  redis.call('ZREM', KEYS[2], hole[1])
  return tonumber(hole[1])
end
local current = redis.call('GET', KEYS[1])
if not current then
  if ARGV[1] == '' then return -1 end
  current = ARGV[1]
end
redis.call('SET', KEYS[1], tonumber(current) + 1)
return tonumber(current)`;

/**
 * Hands out a nonce for `relayer` on `chainId` that no concurrent solve gets too: the counter lives in Redis and
 * is changed only by atomic scripts. The first allocation seeds it from the chain's pending transaction count.
 */
export async function allocateRelayerNonce(
  { redis, client, chainId, relayer }: { redis: Redis; client: PublicClient; chainId: number; relayer: Address },
): Promise<number> {
  const keys = redisKeys.relayer(chainId, relayer);
  const run = (seed: string) => redis.eval<string[], number>(ALLOCATE, [keys.next, keys.holes, keys.lastAllocation], [seed, String(Date.now())]);
  const nonce = Number(await run(""));
  if (nonce >= 0) return nonce;
  const pending = await client.getTransactionCount({ address: relayer, blockTag: "pending" });
  return Number(await run(String(pending)));
}
