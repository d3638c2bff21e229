import type { Address, PublicClient } from "viem";
import type { ChainDeployment } from "../chains/chainConfig.js";
import { chains, type ChainName } from "../chains/chains.js";
import { chainSettings, type ChainSettings } from "../chains/chainSettings.js";
import { createChainClient } from "../chains/createChainClient.js";
import { readChainHead, type ChainHeadCache } from "../chains/readChainHead.js";
import { requireChainDeployment } from "../chains/requireChainDeployment.js";
import type { ChainIndexSource } from "../indexer/chainIndexSource.js";
import { chainIndexSourceFromEnv, type IndexerEnv } from "../indexer/chainIndexSourceFromEnv.js";
import { redisGraphStore } from "../indexer/graphStore.js";
import type { TokenQualitySource } from "../indexer/tokenQuality.js";
import { redisIndexProgressStore } from "../indexer/indexProgressStore.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import { refreshSharedPools } from "../indexer/refreshSharedPools.js";
import type { Redis } from "../redis/createRedis.js";
import type { RoutingGraphCache } from "../routing/routingGraphCache.js";
import type { IsolateCaches } from "./isolateCaches.js";

/** One chain as a request sees it: its deployment, its viem client and where its pool graph comes from. */
export type RequestChain = {
  name: ChainName;
  id: number;
  deployment: ChainDeployment;
  /** The settings the deployment may override, resolved (`chainSettings`). */
  settings: ChainSettings;
  /** This request's client, built on first use (never shared across requests: see `createChainClient`). */
  client: PublicClient;
  /** The chain's indexed pool graph, through the same client. */
  source: ChainIndexSource & { deployment: ChainDeployment };
  /** This isolate's router index of each graph. */
  routingGraphs: RoutingGraphCache;
  /**
   * The chain's head for a quote under the chain's freshness contract (`headMaxAgeMs`): a block another request or
   * isolate saw within it, else `eth_blockNumber` (`readChainHead`).
   */
  head: () => Promise<bigint>;
  /** This isolate's sightings of each chain's head (`readChainHead`'s cache; /solve's re-quote reads at the latest block and records it). */
  heads: ChainHeadCache;
  /**
   * Brings a quote's candidate pools to `latestBlock` once per block for every request and isolate
   * (`refreshSharedPools`: this isolate's copy, else the block's shared entry in Redis, else one Multicall3 call).
   */
  refreshPools: (graph: ChainGraph, pools: readonly Address[], latestBlock: bigint) => Promise<number>;
};

/**
 * A request's RPC calls each get this long (viem retries once): an RPC that stops answering costs a request at most
 * about 8 s, so every request is answered within 10 s even when a chain's node hangs rather than refuses.
 */
const REQUEST_RPC_TIMEOUT_MS = 4_000;

export type CreateRequestChainParameters = {
  env: IndexerEnv;
  name: ChainName;
  redis: () => Redis;
  caches: IsolateCaches;
  /** Token quality scores (`createTokenQualitySource`). */
  quality: TokenQualitySource;
  /** The request's work after the answer (the shared pool entry's write). */
  background?: (work: Promise<unknown>) => void;
};

/**
 * Builds a chain's request services from the deployment configuration. Throws UNSUPPORTED_CHAIN when the deployment
 * does not serve the chain. The graph source is built on first use (it needs Redis).
 */
export function createRequestChain({ env, name, redis, caches, quality, background }: CreateRequestChainParameters): RequestChain {
  const deployment = requireChainDeployment(env.SLUICE_CHAINS, name);
  // Built on first use: a quote on a block already seen makes no RPC call, and building a client costs ~0.3 ms.
  let client: PublicClient | undefined;
  const chainClient = () => (client ??= createChainClient({ chain: name, deployment, timeoutMs: REQUEST_RPC_TIMEOUT_MS }));
  const settings = chainSettings(name, deployment);
  let source: RequestChain["source"] | undefined;
  return {
    name,
    id: chains[name].id,
    deployment,
    settings,
    get client() {
      return chainClient();
    },
    routingGraphs: caches.routingGraphs,
    head: async () => (await readChainHead({
      chain: name, get client() { return chainClient(); }, redis: redis(), cache: caches.heads, inFlight: caches.headReads, maxAgeMs: settings.headMaxAgeMs,
    })).block,
    heads: caches.heads,
    refreshPools: (graph, pools, latestBlock) => refreshSharedPools({
      graph, get client() { return chainClient(); }, redis: redis(), pools, latestBlock, inFlight: caches.poolRefreshes, background,
    }),
    get source() {
      source ??= chainIndexSourceFromEnv(env, name, redisGraphStore(redis()), caches.graphs, quality, redisIndexProgressStore(redis()), chainClient);
      return source;
    },
  };
}
