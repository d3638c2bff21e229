import type { Redis } from "../redis/createRedis.js";
import type { Database } from "../db/createDb.js";
import { isApiKeyFormat } from "./apiKeyFormat.js";
import { hashApiKey } from "./hashApiKey.js";
import { loadApiKey } from "./loadApiKey.js";
import { fillApiKeyCache, rememberUnknownApiKey, type CachedApiKey } from "./apiKeyCache.js";
import { AUTH_MISSES_PER_MINUTE, AUTH_WINDOW_MS } from "./authenticateAndLimit.js";
import { redisKeys } from "../redis/redisKeys.js";
import { INVALID_KEY_MESSAGE } from "../errors/errorCodes.js";
import { SluiceError } from "../errors/SluiceError.js";

export type AuthenticatedKey = Extract<CachedApiKey, { status: "active" }>;

export type AuthenticateApiKeyParameters = {
  key: string | undefined | null;
  /** The deployment's environment; `any` accepts a key of either (the dashboard's sign-in, which shows which). */
  environment: "production" | "sandbox" | "any";
  db: Database;
  redis: Redis;
  /**
   * Who is asking (`clientBucket` of the connecting address): as in `authenticateAndLimit`, a key the cache does not
   * hold costs a Postgres lookup, and each client may cause at most `missesPerMinute` (default
   * `AUTH_MISSES_PER_MINUTE`) a minute; past it RATE_LIMITED, without a lookup. Without it nothing bounds them.
   */
  client?: string;
  missesPerMinute?: number;
  now?: number;
};

/**
 * Resolves an API key to its account, or null for any reason it must be refused (missing, malformed,
 * unknown, revoked, or issued for the other environment). The caller answers every null the same way,
 * so nothing here tells an attacker which reason applied. With `client`, a client past its budget of lookups is
 * refused RATE_LIMITED (thrown) before any lookup, unless Postgres answered the key active within a day (as in
 * `authenticateAndLimit`); a key Postgres does not know is remembered as unknown for a minute.
 *
 * Redis is a cache only: when it is unreachable the lookup goes to Postgres.
 */
export async function authenticateApiKey(params: AuthenticateApiKeyParameters): Promise<AuthenticatedKey | null> {
  const { key, environment, db, redis } = params;
  if (!isApiKeyFormat(key)) return null;
  const hash = await hashApiKey(key);

  // The entry and whether the key was genuine within a day (`apiKeyKnown`), in one round trip.
  const [cached, known] = await redis.mget<[CachedApiKey | null, unknown]>(redisKeys.apiKey(hash), redisKeys.apiKeyKnown(hash))
    .catch(() => [null, null] as const);
  let entry = cached;
  if (!entry) {
    // A key genuine within a day is no guess: made-up keys sent from the partner's address cannot lock it out.
    if (params.client && known === null) {
      // The dashboard's sign-in (either environment's key) counts apart from the APIs' lookups.
      const budget = environment === "any" ? "dashboard" : environment;
      await countAuthMiss(redis, budget, params.client, params.missesPerMinute ?? AUTH_MISSES_PER_MINUTE, params.now ?? Date.now());
    }
    entry = await loadApiKey(db, hash);
    if (entry) await fillApiKeyCache(redis, hash, entry).catch(() => {});
    else await rememberUnknownApiKey(redis, hash).catch(() => {});
  }
  if (!entry || entry.status !== "active" || (environment !== "any" && entry.environment !== environment)) return null;
  return entry;
}

/**
 * Counts a key-cache miss against the client's budget of the minute (`budget`: the environment's, the counter
 * `authenticateAndLimit` keeps, or the dashboard sign-in's own);
 * over it, RATE_LIMITED with `Retry-After`. Redis unreachable: not counted (the limiter protects capacity, and fails open).
 */
async function countAuthMiss(redis: Redis, budget: string, client: string, perMinute: number, now: number): Promise<void> {
  const window = Math.floor(now / AUTH_WINDOW_MS);
  const key = redisKeys.authMisses(budget, client, window);
  const [misses = 0] = await redis.pipeline().incr(key).pexpire(key, AUTH_WINDOW_MS + 1000).exec<[number, number]>().catch(() => [0]);
  if (misses > perMinute) {
    const retryAfter = Math.max(1, Math.ceil(((window + 1) * AUTH_WINDOW_MS - now) / 1000));
    throw new SluiceError("RATE_LIMITED", INVALID_KEY_MESSAGE, { headers: { "Retry-After": String(retryAfter) } });
  }
}
