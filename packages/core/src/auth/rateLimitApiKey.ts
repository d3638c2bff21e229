import { redisKeys } from "../redis/redisKeys.js";
import { Ratelimit } from "@upstash/ratelimit";
import type { Redis } from "@upstash/redis/cloudflare";

export type RateLimitApiKeyParameters = { redis: Redis; keyId: string; perMinute: number };

export type RateLimitApiKeyReturnType = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix milliseconds when the window frees up. */
  reset: number;
};

/**
 * A sliding one-minute window per API key. If Redis cannot be reached the request is allowed: an outage of
 * the limiter must not take the API down with it (the limiter protects capacity, not money).
 */
export async function rateLimitApiKey({ redis, keyId, perMinute }: RateLimitApiKeyParameters): Promise<RateLimitApiKeyReturnType> {
  const limiter = new Ratelimit({
    redis,
    limiter: Ratelimit.slidingWindow(perMinute, "60 s"),
    prefix: redisKeys.rateLimitPrefix,
    ephemeralCache: false,
    analytics: false,
  });
  try {
    const result = await limiter.limit(keyId);
    return { allowed: result.success, limit: result.limit, remaining: result.remaining, reset: result.reset };
  } catch {
    return { allowed: true, limit: perMinute, remaining: perMinute, reset: Date.now() + 60_000 };
  }
}
