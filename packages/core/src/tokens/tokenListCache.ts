/**
 * The computed list of each chain, cached in Redis (`sluice:tokens:v1:<chain>`). An entry names the graph block it
 * was computed from: a reader recomputes when the indexer's stored block has moved past it, or when it is older
 * than `TOKEN_LIST_MAX_AGE_MS` (trade recency moves with the clock even while the graph does not).
 */
import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";
import type { ChainName } from "../chains/chains.js";
import type { TokenList } from "./tokenListTypes.js";

/** How long a computed list is served before it is recomputed from the same graph. */
export const TOKEN_LIST_MAX_AGE_MS = 60_000;
/** Redis expiry of an entry: a list nobody asks for disappears. */
const TOKEN_LIST_TTL_SECONDS = 600;


export async function readCachedTokenList(redis: Redis, chain: ChainName): Promise<TokenList | null> {
  const value = await redis.get<TokenList>(redisKeys.tokenList(chain));
  if (!value || typeof value !== "object" || value.chain !== chain || value.source !== "indexed" || !Array.isArray(value.tokens)) return null;
  return value;
}

/** Stores an indexed list (a fallback list is never cached: the next request tries the solver again). */
export async function writeCachedTokenList(redis: Redis, list: TokenList): Promise<void> {
  if (list.source !== "indexed") return;
  const { reason: _reason, ...entry } = list;
  await redis.set(redisKeys.tokenList(list.chain), entry, { ex: TOKEN_LIST_TTL_SECONDS });
}
