/**
 * The computed list of each chain, cached in Redis (`sluice:tokens:v1:<chain>`). An entry names the graph block it
 * was computed from: a reader recomputes when the indexer's stored block has moved past it, or when it is older
 * than `TOKEN_LIST_MAX_AGE_MS` (trade recency moves with the clock even while the graph does not). An entry also
 * names the token quality generation read before it was computed: one computed before a quality write (and stored
 * after it dropped the cache) is never served.
 */
import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";
import type { ChainName } from "../chains/chains.js";
import type { TokenList } from "./tokenListTypes.js";

/** How long a computed list is served before it is recomputed from the same graph. */
export const TOKEN_LIST_MAX_AGE_MS = 60_000;
/** Redis expiry of an entry: a list nobody asks for disappears. */
const TOKEN_LIST_TTL_SECONDS = 600;


type CachedTokenList = TokenList & { qualityGeneration: number };

export type ReadCachedTokenListReturnType = {
  /** The cached list, or null when there is none or it was computed under another quality generation. */
  list: TokenList | null;
  /** The chain's token quality generation now: pass it to `writeCachedTokenList` with a list computed after this. */
  generation: number;
};

export async function readCachedTokenList(redis: Redis, chain: ChainName): Promise<ReadCachedTokenListReturnType> {
  const [value, current] = await redis.mget<[CachedTokenList | null, number | null]>(redisKeys.tokenList(chain), redisKeys.tokenQualityGeneration(chain));
  const generation = Number(current ?? 0);
  if (!value || typeof value !== "object" || value.chain !== chain || value.source !== "indexed" || !Array.isArray(value.tokens)
    || value.qualityGeneration !== generation) return { list: null, generation };
  const { qualityGeneration: _generation, ...list } = value;
  return { list, generation };
}

/**
 * Stores an indexed list (a fallback list is never cached: the next request tries the solver again) under the quality
 * generation read before it was computed.
 */
export async function writeCachedTokenList(redis: Redis, list: TokenList, generation: number): Promise<void> {
  if (list.source !== "indexed") return;
  const { reason: _reason, ...rest } = list;
  const entry: CachedTokenList = { ...rest, qualityGeneration: generation };
  await redis.set(redisKeys.tokenList(list.chain), entry, { ex: TOKEN_LIST_TTL_SECONDS });
}

/** The chain's token quality generation (read it before computing a list to cache). */
export async function readTokenQualityGeneration(redis: Redis, chain: ChainName): Promise<number> {
  return Number((await redis.get<number>(redisKeys.tokenQualityGeneration(chain))) ?? 0);
}
