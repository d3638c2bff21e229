import type { Redis } from "./redisClient.js";

const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

/**
 * Deletes a lock or claim key only while `holder` still holds it (one script: a late release never frees what a
 * later holder took). Never throws: a lost release expires with the key.
 */
export async function releaseHeldKey(redis: Redis, key: string, holder: string): Promise<void> {
  await redis.eval(RELEASE, [key], [holder]).then(() => {}, () => { /* expires by itself */ });
}
