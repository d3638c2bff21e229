import type { Redis } from "../redis/createRedis.js";
import type { Database } from "../db/createDb.js";
import { isApiKeyFormat } from "./apiKeyFormat.js";
import { hashApiKey } from "./hashApiKey.js";
import { loadApiKey } from "./loadApiKey.js";
import { fillApiKeyCache, readCachedApiKey, type CachedApiKey } from "./apiKeyCache.js";

export type AuthenticatedKey = Extract<CachedApiKey, { status: "active" }>;

export type AuthenticateApiKeyParameters = {
  key: string | undefined | null;
  /** The deployment's environment; `any` accepts a key of either (the dashboard's sign-in, which shows which). */
  environment: "production" | "sandbox" | "any";
  db: Database;
  redis: Redis;
};

/**
 * Resolves an API key to its account, or null for any reason it must be refused (missing, malformed,
 * unknown, revoked, or issued for the other environment). The caller answers every null the same way,
 * so nothing here tells an attacker which reason applied.
 *
 * Redis is a cache only: when it is unreachable the lookup goes to Postgres.
 */
export async function authenticateApiKey(params: AuthenticateApiKeyParameters): Promise<AuthenticatedKey | null> {
  const { key, environment, db, redis } = params;
  if (!isApiKeyFormat(key)) return null;
  const hash = await hashApiKey(key);

  let entry = await readCachedApiKey(redis, hash).catch(() => null);
  if (!entry) {
    entry = await loadApiKey(db, hash);
    if (entry) await fillApiKeyCache(redis, hash, entry).catch(() => {});
  }
  if (!entry || entry.status !== "active" || (environment !== "any" && entry.environment !== environment)) return null;
  return entry;
}
