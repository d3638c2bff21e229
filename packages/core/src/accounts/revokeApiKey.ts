import { and, eq, isNull, sql } from "drizzle-orm";
import type { Redis } from "../redis/createRedis.js";
import type { Database } from "../db/createDb.js";
import { apiKeys, type ApiKey } from "../db/schema/index.js";
import { writeRevokedTombstone } from "../auth/apiKeyCache.js";
import { SluiceError } from "../errors/SluiceError.js";

/**
 * Revokes a key in Postgres, then overwrites its cache entry with a tombstone so the very next request is
 * refused. Idempotent: revoking a revoked key keeps its first revocation time and rewrites the tombstone.
 * If the cache cannot be written the call fails (the key is revoked in Postgres already; retry).
 */
export async function revokeApiKey(db: Database, redis: Redis, keyId: string): Promise<Omit<ApiKey, "keyHash">> {
  await db.update(apiKeys).set({ revokedAt: sql`now()` }).where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
  if (!row) throw new SluiceError("NOT_FOUND", `keyId: no key '${keyId}'`);
  try {
    await writeRevokedTombstone(redis, row.keyHash);
  } catch (cause) {
    throw new SluiceError("DEPENDENCY_DOWN", "The key is revoked in the database but its cache entry could not be cleared; retry the revocation", { cause });
  }
  const { keyHash: _hash, ...rest } = row;
  return rest;
}
