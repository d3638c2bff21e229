import { eq } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { apiKeys } from "../db/schema/index.js";
import type { CachedApiKey } from "./apiKeyCache.js";

/** An API key by its hash from Postgres (the truth), in the cache's shape; null when no key has that hash. */
export async function loadApiKey(db: Database, hash: string): Promise<CachedApiKey | null> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, hash)).limit(1);
  if (!row) return null;
  if (row.revokedAt) return { status: "revoked" };
  return {
    status: "active", keyId: row.id, accountId: row.accountId, environment: row.environment, isTest: row.isTest,
    rateLimitPerMinute: row.rateLimitPerMinute,
  };
}
