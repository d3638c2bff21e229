import type { ChainName } from "../chains/chains.js";
import type { Redis } from "../redis/createRedis.js";
import type { ChainDeployment } from "../chains/chainConfig.js";
import type { ChainIndexSource } from "../indexer/chainIndexSource.js";
import { loadGraph } from "../indexer/loadGraph.js";
import { fallbackTokenList, withoutDelistedTokens } from "./fallbackTokenList.js";
import { isChainRpcUp } from "./isChainRpcUp.js";
import { tokenListFromGraph } from "./tokenListFromGraph.js";
import { readCachedTokenList, TOKEN_LIST_MAX_AGE_MS, writeCachedTokenList } from "./tokenListCache.js";
import type { FallbackReason, TokenList } from "./tokenListTypes.js";

/** How long a request waits for a graph that must be loaded or indexed on the spot before serving the fallback. */
export const GRAPH_WAIT_MS = 8_000;

type TokenListSource = ChainIndexSource & { deployment: ChainDeployment };

export type LoadTokenListParameters = {
  chain: ChainName;
  /** The chain's graph source (`services.chain(name).source`); throws when the deployment does not serve the chain. */
  source: () => TokenListSource;
  redis: Redis;
  /** Keeps work alive after the response (the worker's `executionCtx.waitUntil`); without it, work is awaited. */
  waitUntil?: (promise: Promise<unknown>) => void;
  now?: number;
};

/**
 * The chain's full token list (before `search` and `limit`). The solver of a chain counts as unreachable — and the
 * registry's static curated list is served (`source: "fallback"`) — when any of these holds:
 * - the deployment does not configure the chain (or its configuration does not parse);
 * - the chain's RPC does not answer `eth_blockNumber` within 1.5 s (the solver can neither confirm its graph is
 *   current nor quote or submit, so even a stored graph is not served);
 * - Redis, where the graph and the list live, does not answer;
 * - no graph can be had within 8 s: none is stored and indexing on the spot fails or is still running (it goes on
 *   in the background and the next request gets its result), or the stored graph cannot be read.
 * Otherwise the list comes from the Redis cache when it was computed from the stored graph's block less than a
 * minute ago, else it is computed from the graph and cached. Never throws.
 */
export async function loadTokenList({ chain, source: sourceOf, redis, waitUntil, now = Date.now() }: LoadTokenListParameters): Promise<TokenList> {
  let source: TokenListSource;
  try {
    source = sourceOf();
  } catch {
    return fallbackTokenList(chain, "chain-not-configured", now);
  }
  // The registry's curated list, less what the operator delisted (when the quality source answers).
  const fallback = (reason: FallbackReason) => withoutDelistedTokens(fallbackTokenList(chain, reason, now), source.quality);

  const stored = Promise.all([source.store.readBlock(chain), readCachedTokenList(redis, chain)]).then(
    ([graphBlock, { list: cached, generation }]) => ({ ok: true as const, graphBlock, cached, generation }),
    () => ({ ok: false as const }),
  );
  const [rpcUp, state] = await Promise.all([isChainRpcUp(chain, source.client, source.deployment.rpcUrl, now), stored]);
  if (!rpcUp) return fallback("rpc-unreachable");
  if (!state.ok) return fallback("storage-unreachable");
  const { graphBlock, cached, generation } = state;
  if (cached && graphBlock !== null && cached.block === graphBlock.toString() && now - cached.computedAt < TOKEN_LIST_MAX_AGE_MS) return cached;

  try {
    const computing = computeTokenList(source, redis, now);
    const list = await withinMs(computing, GRAPH_WAIT_MS);
    if (!list) {
      keepAlive(computing, waitUntil);
      return fallback("graph-unavailable");
    }
    const writing = writeCachedTokenList(redis, list, generation).catch(() => undefined);
    if (waitUntil) waitUntil(writing);
    else await writing;
    return list;
  } catch {
    return fallback("graph-unavailable");
  }
}

async function computeTokenList(source: TokenListSource, redis: Redis, now: number): Promise<TokenList> {
  return tokenListFromGraph(await loadGraph(source, now), source.quality, now, { redis, client: source.client });
}

/** The promise's value if it settles within `ms`, else null (a rejection rejects). */
async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}

function keepAlive(promise: Promise<unknown>, waitUntil: LoadTokenListParameters["waitUntil"]) {
  const settled = promise.catch(() => undefined);
  if (waitUntil) waitUntil(settled);
}
