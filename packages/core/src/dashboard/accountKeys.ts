import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import type { Redis } from "../redis/createRedis.js";
import { apiKeys, type ApiKey } from "../db/schema/index.js";
import { SluiceError } from "../errors/SluiceError.js";
import { readApiKeysLastUsed } from "../auth/apiKeyLastUsed.js";
import { issueApiKey, type IssueApiKeyReturnType } from "../accounts/issueApiKey.js";
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

/**
 * Keys a partner may hold unrevoked per environment through the dashboard. Each key has its own rate limit, so keys
 * without number would multiply the partner's share of the shared RPC and relayer capacity, and keys minted from a
 * leaked one would outlive its revocation in number. The operator's admin API is not bound by it.
 */
export const MAX_SELF_ISSUED_KEYS = 20;

/**
 * Issues a key to the account from its own dashboard session: refused (CONFLICT) once the account holds
 * `MAX_SELF_ISSUED_KEYS` unrevoked keys of that environment. Counted and issued under a per-account lock: requests
 * racing at the bound (one session's token replayed in parallel) each passed the count before any inserted, so as
 * many keys as requests could be issued.
 */
export async function issueAccountApiKey(
  { db }: { db: Database },
  { accountId, environment, name }: { accountId: string; environment: "production" | "sandbox"; name?: string },
): Promise<IssueApiKeyReturnType> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('api_keys:' || ${accountId}))`);
    const [held] = await tx.select({ n: count() }).from(apiKeys)
      .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.environment, environment), isNull(apiKeys.revokedAt)));
    if ((held?.n ?? 0) >= MAX_SELF_ISSUED_KEYS) {
      throw new SluiceError("CONFLICT", `This account holds ${MAX_SELF_ISSUED_KEYS} ${environment} keys, the most the dashboard issues; revoke one first`);
    }
    return issueApiKey(tx, { account: accountId, environment, name });
  });
}
