import { and, eq } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import type { Redis } from "../redis/createRedis.js";
import { apiKeys, type ApiKey } from "../db/schema/index.js";
import { SluiceError } from "../errors/SluiceError.js";
import { readApiKeysLastUsed } from "../auth/apiKeyLastUsed.js";
import { listApiKeys } from "../accounts/listApiKeys.js";
import { revokeApiKey } from "../accounts/revokeApiKey.js";

export type ListedApiKey = Omit<ApiKey, "keyHash"> & { lastUsedAt: Date | null };

/** An account's keys, newest first, with when each was last accepted; `environment` keeps only that environment's. */
export async function listAccountKeys(
  { db, redis }: { db: Database; redis: Redis }, account: string, environment?: "production" | "sandbox",
): Promise<ListedApiKey[]> {
  const keys = (await listApiKeys(db, account)).filter((k) => !environment || k.environment === environment);
  const lastUsed = await readApiKeysLastUsed(redis, keys.map((k) => k.id));
  return keys.map((k) => ({ ...k, lastUsedAt: lastUsed.get(k.id) ?? null }));
}

/**
 * Revokes one of the account's own keys (the operator's `revokeApiKey`, scoped): a key of another account, or of
 * another environment than `environment` when given, is NOT_FOUND — the same answer as a key that does not exist.
 */
export async function revokeAccountApiKey(
  { db, redis }: { db: Database; redis: Redis },
  { accountId, keyId, environment }: { accountId: string; keyId: string; environment?: "production" | "sandbox" },
): Promise<Omit<ApiKey, "keyHash">> {
  const filters = [eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)];
  if (environment) filters.push(eq(apiKeys.environment, environment));
  const [owned] = await db.select({ id: apiKeys.id }).from(apiKeys).where(and(...filters)).limit(1);
  if (!owned) throw new SluiceError("NOT_FOUND", `keyId: no key '${keyId}' on this account`);
  return revokeApiKey(db, redis, keyId);
}
