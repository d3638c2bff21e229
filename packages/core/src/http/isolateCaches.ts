import type { ChainHeadCache, ReadChainHeadReturnType } from "../chains/readChainHead.js";
import type { ChainName } from "../chains/chains.js";
import type { PoolRefreshesInFlight } from "../indexer/refreshSharedPools.js";
import { createGraphCache, type GraphCache } from "../indexer/graphCache.js";
import { createRoutingGraphCache, type RoutingGraphCache } from "../routing/routingGraphCache.js";
import { logEvent } from "../observability/logEvent.js";
import { createUsageEventBatch, type UsageEventBatch } from "../usage/createUsageEventBatch.js";
import type { TokenBehaviourCache } from "../tokens/behaviour/readTokenBehaviours.js";
import { createInlineDeliveries, type InlineDeliveries } from "../webhooks/createInlineDeliveries.js";
import { createFallbackLimiter, type FallbackLimiter } from "../auth/createFallbackLimiter.js";

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
  /** Head reads in flight per chain, shared by concurrent quotes (`readChainHead`). */
  headReads: Map<ChainName, Promise<ReadChainHeadReturnType>>;
  /** Pool refreshes in flight, shared by concurrent quotes of a block (`refreshSharedPools`). */
  poolRefreshes: PoolRefreshesInFlight;
  /** When this isolate last wrote each API key's "last used" (key id → ms): written at most once a minute. */
  keyUses: Map<string, number>;
  /** Each chain's token behaviours as last read (`readTokenBehaviours`: reused by /route within the chain's head freshness; /solve reads afresh). */
  tokenBehaviours: TokenBehaviourCache;
  /** Quote (`route`) usage events waiting for their batch's recording (`createUsageEventBatch`: at most 250 ms). */
  routeEvents: UsageEventBatch;
  /** Webhook delivery passes run right after their events, at most two at once (`createInlineDeliveries`). */
  inlineDeliveries: InlineDeliveries;
  /**
   * The API's rate limits and each client's budget of key lookups, counted here while Redis cannot be reached
   * (`createFallbackLimiter`: one-minute windows, bounded; `requireApiKey`).
   */
  authFallback: FallbackLimiter;
};

export function createIsolateCaches(): IsolateCaches {
  return { graphs: createGraphCache(), routingGraphs: createRoutingGraphCache(), heads: new Map(), headReads: new Map(), poolRefreshes: new Map(), keyUses: new Map(), tokenBehaviours: new Map(),
    routeEvents: createUsageEventBatch({
      onFailure: (events, error) => logEvent("error", "route usage events not recorded", { events: events.length, error: String(error) }),
    }),
    inlineDeliveries: createInlineDeliveries(),
    authFallback: createFallbackLimiter(),
  };
}
