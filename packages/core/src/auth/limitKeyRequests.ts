import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { AUTH_WINDOW_MS, type RateLimitResult } from "./authenticateAndLimit.js";
import type { FallbackLimiter } from "./createFallbackLimiter.js";
import { slidingWindowLua } from "./slidingWindowLua.js";

export type LimitKeyRequestsParameters = {
  redis: Redis;
  /** What the requests are counted under: the key's id (the dashboard's sessions of the key). */
  keyId: string;
  /** The key's requests per minute (its own limit, else the deployment's default, as on the API). */
  perMinute: number;
  /** Counts in this isolate's memory while Redis cannot be reached (`IsolateCaches.authFallback`). */
  fallback: FallbackLimiter;
  now?: number;
};

const SCRIPT = `
local tokens = tonumber(ARGV[3])
${slidingWindowLua({ current: "KEYS[1]", previous: "KEYS[2]" })}
return remaining
`;

/**
 * Counts one request of a key in its sliding one-minute window, the API's limiter (`slidingWindowLua`) and numbers,
 * for requests that are not API calls: the partner dashboard's pages, each of which runs queries and chain reads, so a
 * sign-in is not eight hours of unlimited work. Redis unreachable: counted in this isolate (`createFallbackLimiter`).
 */
export async function limitKeyRequests(p: LimitKeyRequestsParameters): Promise<RateLimitResult> {
  const now = p.now ?? Date.now();
  const window = Math.floor(now / AUTH_WINDOW_MS);
  const reset = (window + 1) * AUTH_WINDOW_MS;
  const remaining = await p.redis.eval<string[], number>(SCRIPT,
    [redisKeys.keyRequestWindow(p.keyId, window), redisKeys.keyRequestWindow(p.keyId, window - 1)],
    [String(now), String(AUTH_WINDOW_MS), String(p.perMinute)])
    .catch(() => p.perMinute - p.fallback.countSessionRequest(p.keyId, now));
  return { allowed: remaining >= 0, limit: p.perMinute, remaining: Math.max(0, remaining), reset };
}
