import type { ChainName } from "../chains/chains.js";
import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { logEvent } from "../observability/logEvent.js";

/**
 * Bumps each chain's quality generation and drops its cached scores and token list, so the next read of either sees
 * the new scores (`/tokens` recomputes its list from the stored graph at once). The bump is what makes this safe
 * against a reader that was mid-way (it read Postgres, or computed a list, before the write): what it caches after
 * the drop carries the old generation and is never served. Returns false when Redis did not answer: the cached
 * scores then stay until they are `TOKEN_QUALITY_FRESH_MS` old.
 */
export async function invalidateTokenQuality(redis: Redis, chains: Iterable<ChainName>): Promise<boolean> {
  const unique = [...new Set(chains)];
  if (unique.length === 0) return true;
  try {
    await Promise.all(unique.map((chain) => redis.incr(redisKeys.tokenQualityGeneration(chain))));
    await redis.del(...unique.flatMap((chain) => [redisKeys.tokenQuality(chain), redisKeys.tokenList(chain)]));
    return true;
  } catch (error) {
    logEvent("error", "token quality cache invalidation failed", { error: String(error) });
    return false;
  }
}
