import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";

/** How long a key's last use is remembered when it is not used again (a year). */
const LAST_USED_TTL_SECONDS = 366 * 24 * 3600;

/** Remembers that a key was accepted now. Best effort: the caller runs it after the answer and ignores failures. */
export async function recordApiKeyUse(redis: Redis, keyId: string, now: Date = new Date()): Promise<void> {
  await redis.set(redisKeys.apiKeyLastUsed(keyId), String(now.getTime()), { ex: LAST_USED_TTL_SECONDS });
}

/** When each key was last accepted, or null when it never was (or Redis does not answer: the figure is informative). */
export async function readApiKeysLastUsed(redis: Redis, keyIds: string[]): Promise<Map<string, Date | null>> {
  const result = new Map<string, Date | null>(keyIds.map((id) => [id, null]));
  if (keyIds.length === 0) return result;
  const values = await redis.mget<(string | number | null)[]>(...keyIds.map(redisKeys.apiKeyLastUsed)).catch(() => null);
  values?.forEach((value, i) => {
    const ms = Number(value);
    if (value !== null && Number.isFinite(ms)) result.set(keyIds[i]!, new Date(ms));
  });
  return result;
}
