import type { Database } from "../db/createDb.js";
import type { CachedApiKey } from "./apiKeyCache.js";
import type { AuthenticateAndLimitReturnType } from "./authenticateAndLimit.js";
import type { FallbackLimiter } from "./createFallbackLimiter.js";
import { loadApiKey } from "./loadApiKey.js";

export type AuthenticateWithoutRedisParameters = {
  hash: string;
  environment: "production" | "sandbox";
  db: Database;
  defaultPerMinute: number;
  client?: string;
  missesPerMinute: number;
  fallback: FallbackLimiter;
  now: number;
  /** When the window frees up (unix ms), as the Redis path answers it. */
  reset: number;
  /** The key as Postgres answered it already in this request (Redis failed after the lookup): not looked up again. */
  loaded?: CachedApiKey;
};

/**
 * `authenticateAndLimit` while Redis cannot be reached: Postgres decides every key (a revoked key is refused at once),
 * under the limits Redis would have applied, counted in this isolate's memory (`createFallbackLimiter`). A key this
 * isolate found genuine before is no guess: its lookup is not charged to the client's budget, and its rate limit is
 * applied before the lookup, so a key past its limit costs no query. Any other key costs one lookup of the client's
 * `missesPerMinute`; past them, or when the isolate counts as many clients as it holds, the client is answered
 * `auth: null` without a lookup.
 */
export async function authenticateWithoutRedis(p: AuthenticateWithoutRedisParameters): Promise<AuthenticateAndLimitReturnType> {
  const refused = { auth: null, limit: { allowed: false, limit: 0, remaining: 0, reset: p.reset } };
  const knownLimit = p.fallback.known.get(p.hash);
  let counted: number | undefined;
  if (knownLimit !== undefined) {
    counted = p.fallback.countKeyRequest(p.hash, p.now);
    if (counted > knownLimit) return { auth: null, limit: { allowed: false, limit: knownLimit, remaining: 0, reset: p.reset } };
  } else if (!p.loaded && p.client && p.fallback.countMiss(p.client, p.now) > p.missesPerMinute) {
    return refused;
  }
  const entry = p.loaded ?? await loadApiKey(p.db, p.hash);
  if (!entry || entry.status !== "active" || entry.environment !== p.environment) {
    p.fallback.known.delete(p.hash);
    return null;
  }
  const limit = entry.rateLimitPerMinute ?? p.defaultPerMinute;
  p.fallback.known.set(p.hash, limit);
  counted ??= p.fallback.countKeyRequest(p.hash, p.now);
  return { auth: entry, limit: { allowed: counted <= limit, limit, remaining: Math.max(0, limit - counted), reset: p.reset } };
}
