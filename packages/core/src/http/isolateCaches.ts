import type { ChainHeadCache } from "../chains/readChainHead.js";
import { createGraphCache, type GraphCache } from "../indexer/graphCache.js";
import { createRoutingGraphCache, type RoutingGraphCache } from "../routing/routingGraphCache.js";

/**
 * What a worker keeps between requests, in one place: created once per isolate (at module scope, where the app is
 * built) and handed to the app and the cron, so a reader sees everything that is cached and for how long.
 */
export type IsolateCaches = {
  /** Decoded pool graphs per chain; the store is re-asked every few seconds (`STORE_CHECK_INTERVAL_MS`). */
  graphs: GraphCache;
  /** The router's index of each graph, as long as that graph lives. */
  routingGraphs: RoutingGraphCache;
  /** The latest block this isolate saw per chain (`readChainHead`: used for the chain's head freshness). */
  heads: ChainHeadCache;
};

export function createIsolateCaches(): IsolateCaches {
  return { graphs: createGraphCache(), routingGraphs: createRoutingGraphCache(), heads: new Map() };
}
