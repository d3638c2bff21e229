import type { Address } from "viem";
import type { ChainName } from "../../chains/chains.js";
import type { Redis } from "../../redis/createRedis.js";
import { redisKeys } from "../../redis/redisKeys.js";
import { TOKEN_BEHAVIOUR_MAX_AGE_MS, type TokenBehaviourRecord, type TokenBehaviours } from "./tokenBehaviourTypes.js";

/** An isolate's last read of each chain's behaviours (kept in `IsolateCaches`, passed in). */
export type TokenBehaviourCache = Map<ChainName, { readAt: number; behaviours: TokenBehaviours }>;

/**
 * The chain's stored token behaviours (one Redis hash, `redisKeys.tokenBehaviour`: address → JSON record). Results
 * older than `TOKEN_BEHAVIOUR_MAX_AGE_MS` and unreadable entries are left out: such a token counts as unchecked.
 * With `cache` (the quote path), a read younger than `cache.maxAgeMs` is reused: no Redis command per quote.
 */
export async function readTokenBehaviours(
  redis: Redis, chain: ChainName, nowMs = Date.now(), cache?: { entries: TokenBehaviourCache; maxAgeMs: number },
): Promise<TokenBehaviours> {
  const cached = cache?.entries.get(chain);
  if (cached && nowMs - cached.readAt < cache!.maxAgeMs) return cached.behaviours;
  const stored = (await redis.hgetall<Record<string, unknown>>(redisKeys.tokenBehaviour(chain))) ?? {};
  const behaviours = new Map<Address, TokenBehaviourRecord>();
  for (const [address, value] of Object.entries(stored)) {
    const record = parse(value);
    if (record && nowMs - record.checkedAt <= TOKEN_BEHAVIOUR_MAX_AGE_MS) behaviours.set(address.toLowerCase() as Address, record);
  }
  cache?.entries.set(chain, { readAt: nowMs, behaviours });
  return behaviours;
}

function parse(value: unknown): TokenBehaviourRecord | undefined {
  try {
    const record = (typeof value === "string" ? JSON.parse(value) : value) as TokenBehaviourRecord;
    return typeof record?.behaviour === "string" && typeof record.checkedAt === "number" ? record : undefined;
  } catch {
    return undefined;
  }
}
