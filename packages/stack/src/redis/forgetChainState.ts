import { redisKeys } from "@sluice/core";
import { Redis } from "ioredis";

/**
 * The stack starts a new devnet every time, so whatever Redis remembers about the previous chains is wrong for the
 * new ones — worst of all relayer nonce counters, which would hand out nonces far ahead of the fresh accounts and
 * leave every gasless transaction queued behind a gap. This forgets that state (and nothing else: API-key cache
 * entries, rate limits and the usage outbox stay). A production chain never restarts, so only the stack does this.
 */
export async function forgetChainState(redisUrl: string): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let forgotten = 0;
  try {
    for (const pattern of redisKeys.chainDerivedPatterns) {
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
        cursor = next;
        if (keys.length) forgotten += await redis.del(...keys);
      } while (cursor !== "0");
    }
  } finally {
    redis.disconnect();
  }
  return forgotten;
}
