import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";

/**
 * The Redis cache in front of the api_keys table. Postgres is the truth; the cache only saves a query.
 *
 * Revocation must take effect on the very next request, so:
 * - revoking writes a `revoked` tombstone (overwriting any cached entry);
 * - filling the cache after a database read uses SET NX, so a read that raced a revocation can never
 *   overwrite the tombstone with a stale "active" entry.
 *
 * A key Postgres does not know is cached as `unknown` for a minute (`rememberUnknownApiKey`), so the same wrong key
 * sent again costs no database query. A key is issued with a fresh random secret, so no issued key's hash can be
 * remembered as unknown.
 *
 * A key Postgres answered active is also marked known for a day (`apiKeyKnown`, refreshed on every fill): when its
 * entry expires, its next lookup is not charged to the client's budget of lookups, so made-up keys sent from the
 * partner's address cannot lock the partner out. The marker decides nothing about the key: Postgres still does.
 *
 * An active entry is not extended when used: its 5 minutes are what bounds a revocation whose tombstone could not be
 * written (Redis failing at that moment; `revokeApiKey` then fails and asks for a retry) or an operator change lost
 * the same way. Extended on use, a busy revoked key would stay active for as long as it kept being used. The known
 * marker already keeps an expiry from costing the partner anything but one lookup.
 */
export type CachedApiKey =
  | { status: "active"; keyId: string; accountId: string; environment: "production" | "sandbox";
      isTest: boolean; rateLimitPerMinute: number | null }
  | { status: "revoked" }
  | { status: "unknown" };

const ACTIVE_TTL_SECONDS = 300;
const TOMBSTONE_TTL_SECONDS = 3600;
const UNKNOWN_TTL_SECONDS = 60;
const KNOWN_TTL_SECONDS = 24 * 3600;

export async function readCachedApiKey(redis: Redis, hash: string): Promise<CachedApiKey | null> {
  return (await redis.get<CachedApiKey>(redisKeys.apiKey(hash))) ?? null;
}

/** Caches what Postgres answered (SET NX: never over a tombstone); an active key is also marked known for a day. */
export async function fillApiKeyCache(redis: Redis, hash: string, entry: CachedApiKey): Promise<void> {
  await Promise.all([
    redis.set(redisKeys.apiKey(hash), entry, { nx: true, ex: entry.status === "active" ? ACTIVE_TTL_SECONDS : TOMBSTONE_TTL_SECONDS }),
    entry.status === "active" ? redis.set(redisKeys.apiKeyKnown(hash), 1, { ex: KNOWN_TTL_SECONDS }) : undefined,
  ]);
}

/** Remembers, for a minute, that Postgres has no key with this hash (SET NX: never over a real entry). */
export async function rememberUnknownApiKey(redis: Redis, hash: string): Promise<void> {
  await redis.set(redisKeys.apiKey(hash), { status: "unknown" } satisfies CachedApiKey, { nx: true, ex: UNKNOWN_TTL_SECONDS });
}

export async function writeRevokedTombstone(redis: Redis, hash: string): Promise<void> {
  await redis.set(redisKeys.apiKey(hash), { status: "revoked" } satisfies CachedApiKey, { ex: TOMBSTONE_TTL_SECONDS });
}

/** Replaces the cached entry after an operator changes a key (a plain SET wins over any racing NX fill). */
export async function overwriteApiKeyCache(redis: Redis, hash: string, entry: CachedApiKey): Promise<void> {
  await redis.set(redisKeys.apiKey(hash), entry, {
    ex: entry.status === "active" ? ACTIVE_TTL_SECONDS : TOMBSTONE_TTL_SECONDS,
  });
}
