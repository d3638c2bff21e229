import type { PublicClient } from "viem";
import { chains, type ChainName } from "../chains/chains.js";
import { requireChainDeployment } from "../chains/requireChainDeployment.js";
import type { ChainDeployment } from "../chains/chainConfig.js";
import { createChainClient } from "../chains/createChainClient.js";
import type { ChainIndexSource } from "./chainIndexSource.js";
import type { GraphCache } from "./graphCache.js";
import type { GraphStore } from "./graphStore.js";
import type { IndexProgressStore } from "./indexProgressStore.js";
import { indexStartBlock } from "./indexStartBlock.js";
import type { TokenQualitySource } from "./tokenQuality.js";
import { chainSettings } from "../chains/chainSettings.js";

/** The worker settings the indexer reads. */
export type IndexerEnv = {
  /** Chain deployment configuration (see chains/chainConfig.ts). */
  SLUICE_CHAINS?: string;
  /** Subrequests one cron invocation may spend indexing, shared by the chains (default 500). */
  INDEX_MAX_SUBREQUESTS?: number;
  /** Wall time (ms) one cron invocation may spend indexing (default 20,000). */
  INDEX_MAX_MS?: number;
};

/**
 * How to index `chain` and where its graph lives, from the worker's settings. Throws UNSUPPORTED_CHAIN when the
 * deployment does not configure the chain. Token quality comes from `quality` (in the workers
 * `createTokenQualitySource`: Postgres behind a Redis cache). The chain's client is built on first use, by `chainClient`
 * when given (a request's own client, see `createRequestChain`).
 */
export function chainIndexSourceFromEnv(
  env: IndexerEnv, chain: ChainName, store: GraphStore, cache: GraphCache, quality: TokenQualitySource, progress: IndexProgressStore,
  chainClient?: () => PublicClient,
): ChainIndexSource & { deployment: ChainDeployment } {
  const deployment = requireChainDeployment(env.SLUICE_CHAINS, chain);
  let built: PublicClient | undefined;
  return {
    chain,
    chainId: chains[chain].id,
    get client() {
      built ??= chainClient?.() ?? createChainClient({ chain, deployment });
      return built;
    },
    uniswapV2Factory: deployment.uniswapV2Factory,
    uniswapV3Factory: deployment.uniswapV3Factory,
    store,
    progress,
    cache,
    startBlock: indexStartBlock(chain, deployment),
    tradeLookbackBlocks: chains[chain].indexTradeLookbackBlocks,
    quality,
    routableLiquidityUsd: chainSettings(chain, deployment).routableLiquidityUsd,
    deployment,
  };
}
