import type { Hash } from "viem";
import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";

export type RecordRelayerReplacementParameters = { chainId: number; replaced: Hash; replacement: Hash };

/**
 * Seven days: far beyond the finalizer's dropped window (2 h) and the life of an owner's pending-spend record (2 h,
 * extended by each later solve of the same owner and token), so a link is never gone while something still reads by
 * the replaced hash.
 */
export const RELAYER_REPLACEMENT_KEEP_SECONDS = 7 * 24 * 3600;

/**
 * Remembers that the relayer repair replaced `replaced` by `replacement` (same nonce, same call, higher fees). Written
 * before the replacement is sent: the usage event, the pending spend and the receipt wait only know the first hash,
 * and whichever transaction of the chain is mined must be found from it (`readRelayedReceipt`). Throws when Redis does
 * not take it; the replacement is then not sent.
 */
export async function recordRelayerReplacement(redis: Redis, { chainId, replaced, replacement }: RecordRelayerReplacementParameters): Promise<void> {
  await redis.eval<string[], number>(RECORD, [redisKeys.relayerReplacement(chainId, replaced)],
    [replacement.toLowerCase(), String(Date.now()), String(RELAYER_REPLACEMENT_KEEP_SECONDS)]);
}

/**
 * A set of replacements (hash → when), never one overwritten value: should one transaction be replaced twice (a lost
 * in-flight update), each replacement stays findable. Added with its expiry in one step, so no key outlives it.
 */
const RECORD = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1`;
