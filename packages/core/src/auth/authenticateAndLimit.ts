import type { Redis } from "../redis/createRedis.js";
import type { Database } from "../db/createDb.js";
import { redisKeys } from "../redis/redisKeys.js";
import { isApiKeyFormat } from "./apiKeyFormat.js";
import { fillApiKeyCache, rememberUnknownApiKey, type CachedApiKey } from "./apiKeyCache.js";
import type { AuthenticatedKey } from "./authenticateApiKey.js";
import { hashApiKey } from "./hashApiKey.js";
import { loadApiKey } from "./loadApiKey.js";
import type { FallbackLimiter } from "./createFallbackLimiter.js";
import { authenticateWithoutRedis } from "./authenticateWithoutRedis.js";
import { slidingWindowLua } from "./slidingWindowLua.js";

export type AuthenticateAndLimitParameters = {
  key: string | undefined | null;
  environment: "production" | "sandbox";
  db: Database;
  redis: Redis;
  /** Requests per minute for a key without its own limit. */
  defaultPerMinute: number;
  /**
   * Who is asking (`clientBucket` of the connecting address): a key the cache does not hold is looked up in Postgres,
   * and each client may cause at most `missesPerMinute` such lookups a minute. Without it nothing bounds them.
   */
  client?: string;
  /** Cache misses (Postgres lookups) a client may cause per minute; default `AUTH_MISSES_PER_MINUTE`. */
  missesPerMinute?: number;
  /** The same limits in this isolate's memory, applied when Redis cannot be reached (`IsolateCaches.authFallback`). */
  fallback: FallbackLimiter;
  now?: number;
};

export type RateLimitResult = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix milliseconds when the window frees up. */
  reset: number;
};

/**
 * The key and its limit; `auth: null` when the client sent more keys the cache does not hold than it may look up (the
 * caller answers 429 with `limit.reset`); null for every reason a key is refused.
 */
export type AuthenticateAndLimitReturnType = { auth: AuthenticatedKey; limit: RateLimitResult } | { auth: null; limit: RateLimitResult } | null;

/** The window of the rate limit and of the key-lookup budget (`authMisses` keys are per window). */
export const AUTH_WINDOW_MS = 60_000;
/**
 * Postgres lookups of keys the cache does not hold, per client and minute. A partner's keys each miss at most once per
 * cache lifetime (5 minutes); a flood of made-up keys, which would open a database connection each, stops here.
 */
export const AUTH_MISSES_PER_MINUTE = 120;

/**
 * The key lookup and the rate limit in one Redis round trip: the script reads the cached key (`apiKeyCache`) and,
 * only for an active key of this environment, counts the request in a sliding one-minute window (the algorithm of
 * `@upstash/ratelimit`'s `slidingWindow`: this window's count plus the previous window's weighted by how much of it
 * still overlaps). Written by hand because the library's limiter is its own round trip; the script is its algorithm
 * with the lookup in front. A miss is counted against the client's budget of lookups (KEYS[5], when given), in the
 * same round trip, unless the key is marked known (KEYS[4], `apiKeyKnown`: Postgres answered it active within a day).
 * Answers `{ entry JSON or false, remaining (−1: refused), limit }`.
 */
const SCRIPT = `
local entry = redis.call("GET", KEYS[1])
if not entry then
  if KEYS[5] and redis.call("EXISTS", KEYS[4]) == 0 then
    local misses = redis.call("INCR", KEYS[5])
    if misses == 1 then redis.call("PEXPIRE", KEYS[5], tonumber(ARGV[2]) + 1000) end
    if misses > tonumber(ARGV[5]) then return {false, -1, 0} end
  end
  return {false, 0, 0}
end
local key = cjson.decode(entry)
if key.status ~= "active" or key.environment ~= ARGV[4] then return {entry, 0, 0} end
local tokens = tonumber(ARGV[3])
if type(key.rateLimitPerMinute) == "number" then tokens = key.rateLimitPerMinute end
${slidingWindowLua({ current: "KEYS[2]", previous: "KEYS[3]" })}
return {entry, remaining, tokens}
`;

/**
 * Resolves an API key and applies its rate limit: one Redis round trip when the key is cached (the common case); on a
 * miss the key is read from Postgres, cached, and counted (three). A key Postgres does not know is remembered as
 * unknown for a minute, and a client that causes more misses than `missesPerMinute` is answered `auth: null` without
 * a lookup; a key Postgres answered active within a day is no guess and never refused that way. Null for every reason
 * a key is refused (missing, malformed, unknown, revoked, the other environment), so the caller answers them all alike.
 * Redis unreachable: the key is checked against Postgres (the truth) under the same limits kept in this isolate's
 * memory (`authenticateWithoutRedis`); the keys Redis answered active are remembered there as known for that.
 */
export async function authenticateAndLimit(p: AuthenticateAndLimitParameters): Promise<AuthenticateAndLimitReturnType> {
  if (!isApiKeyFormat(p.key)) return null;
  const hash = await hashApiKey(p.key);
  const now = p.now ?? Date.now();
  const window = Math.floor(now / AUTH_WINDOW_MS);
  const reset = (window + 1) * AUTH_WINDOW_MS;
  const keys = [redisKeys.apiKey(hash), redisKeys.rateLimitWindow(hash, window), redisKeys.rateLimitWindow(hash, window - 1), redisKeys.apiKeyKnown(hash)];
  if (p.client) keys.push(redisKeys.authMisses(p.environment, p.client, window));
  const run = () => p.redis.eval<string[], [string | null, number, number]>(SCRIPT, keys,
    [String(now), String(AUTH_WINDOW_MS), String(p.defaultPerMinute), p.environment, String(p.missesPerMinute ?? AUTH_MISSES_PER_MINUTE)]);

  let answer = await run().catch(() => undefined);
  let loaded: CachedApiKey | undefined;
  if (answer && !answer[0]) {
    if (answer[1] < 0) return { auth: null, limit: { allowed: false, limit: 0, remaining: 0, reset } };
    const found = await loadApiKey(p.db, hash);
    if (!found) {
      await rememberUnknownApiKey(p.redis, hash).catch(() => {});
      return null;
    }
    loaded = found;
    await fillApiKeyCache(p.redis, hash, loaded).catch(() => {});
    answer = await run().catch(() => undefined);
  }
  // Redis is unreachable (or stopped answering after the lookup, which then counted in Redis already and is reused).
  if (!answer) {
    return authenticateWithoutRedis({ ...p, hash, now, reset, loaded, missesPerMinute: p.missesPerMinute ?? AUTH_MISSES_PER_MINUTE });
  }
  const entry = (typeof answer[0] === "string" ? JSON.parse(answer[0]) : answer[0]) as CachedApiKey | null;
  if (!entry || entry.status !== "active" || entry.environment !== p.environment) {
    p.fallback.known.delete(hash);
    return null;
  }
  const [, remaining, limit] = answer;
  // Known to this isolate should Redis go down: a partner's key is then no guess from its first request, so made-up
  // keys filling the isolate's count of clients cannot refuse it (the fallback still asks Postgres every time).
  if (p.fallback.known.get(hash) !== limit) p.fallback.known.set(hash, limit);
  return { auth: entry, limit: { allowed: remaining >= 0, limit, remaining: Math.max(0, remaining), reset } };
}
