import type { Address } from "viem";
import type { ChainName } from "../chains/chains.js";
import type { CreateDbReturnType } from "../db/createDb.js";
import type { TokenQualitySource } from "../indexer/tokenQuality.js";
import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { readTokenQuality } from "./readTokenQuality.js";

/** How long cached scores are served before Postgres is asked again (a write drops the cache at once). */
export const TOKEN_QUALITY_FRESH_MS = 60_000;
/** Redis expiry of a chain's cached scores: kept well past freshness, to serve while Postgres is down. */
const CACHE_TTL_SECONDS = 7 * 24 * 3600;

/** `generation` is the chain's quality generation read before Postgres was: a cache made under an older one is stale. */
type CachedScores = { readAt: number; generation: number; scores: Record<string, number> };

export type CreateTokenQualitySourceParameters = {
  redis: () => Redis;
  /** Opens a database handle for one read and is closed after it (a read may outlive the request that began it). */
  openDb: () => CreateDbReturnType;
  now?: () => number;
};

/**
 * The token quality source of the workers: each chain's scores from Postgres (`token_quality`), cached in Redis
 * (`sluice:token-quality:v1:<chain>`) and re-read when older than `TOKEN_QUALITY_FRESH_MS` or dropped by a write.
 * A write bumps the chain's generation (`invalidateTokenQuality`), and a cached copy counts only under the generation
 * it was read in, so a read that raced a write cannot put old scores back. Outages: Redis down → Postgres is read directly; Postgres down → the cached scores are served however old; both
 * down, or Postgres down with nothing cached → the read throws, so the graph is not re-scored and the token list
 * falls back to the curated list. A token's score is never guessed: one not in the table stays unknown (not listed,
 * not a hop).
 */
export function createTokenQualitySource({ redis, openDb, now = Date.now }: CreateTokenQualitySourceParameters): TokenQualitySource {
  const load = async (chain: ChainName): Promise<Record<string, number>> => {
    let cached: CachedScores | null = null;
    let generation = 0;
    let redisUp = true;
    try {
      const [value, current] = await redis().mget<[CachedScores | null, number | null]>(redisKeys.tokenQuality(chain), redisKeys.tokenQualityGeneration(chain));
      generation = Number(current ?? 0);
      if (value && typeof value === "object" && value.scores && value.generation === generation) cached = value;
    } catch {
      redisUp = false;
    }
    if (cached && now() - cached.readAt < TOKEN_QUALITY_FRESH_MS) return cached.scores;
    let scores: Record<string, number>;
    try {
      const { db, close } = openDb();
      try {
        const rows = await readTokenQuality({ db, chain });
        scores = Object.fromEntries(rows.map((r) => [r.token, r.score]));
      } finally {
        await close();
      }
    } catch (error) {
      if (cached?.scores) return cached.scores;
      throw error;
    }
    if (redisUp) {
      await redis().set(redisKeys.tokenQuality(chain), { readAt: now(), generation, scores } satisfies CachedScores, { ex: CACHE_TTL_SECONDS }).catch(() => {});
    }
    return scores;
  };
  return async (chain, tokens) => {
    const scores = await load(chain);
    const out = new Map<Address, number>();
    for (const token of tokens) {
      const score = scores[token.toLowerCase()];
      if (score !== undefined) out.set(token, score);
    }
    return out;
  };
}
