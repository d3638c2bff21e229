import { chains, type ChainName } from "../chains/chains.js";
import { requireChainDeployment } from "../chains/requireChainDeployment.js";
import type { ChainDeployment } from "../chains/chainConfig.js";
import { createChainClient } from "../chains/createChainClient.js";
import type { ChainIndexSource } from "./chainIndexSource.js";
import type { GraphCache } from "./graphCache.js";
import type { GraphStore } from "./graphStore.js";
import { staticTokenQuality, type TokenQualitySource } from "./tokenQuality.js";

/** The worker settings the indexer reads. */
export type IndexerEnv = {
  /** Chain deployment configuration (see chains/chainConfig.ts). */
  SLUICE_CHAINS?: string;
  /** Token quality scores, JSON `{chain: {address: score}}` (see tokenQuality.ts). */
  SLUICE_TOKEN_QUALITY?: string;
};

const qualitySources = new Map<string, TokenQualitySource>();

/**
 * How to index `chain` and where its graph lives, from the worker's settings. Throws UNSUPPORTED_CHAIN when the
 * deployment does not configure the chain.
 */
export function chainIndexSourceFromEnv(
  env: IndexerEnv, chain: ChainName, store: GraphStore, cache: GraphCache,
): ChainIndexSource & { deployment: ChainDeployment } {
  const deployment = requireChainDeployment(env.SLUICE_CHAINS, chain);
  const key = env.SLUICE_TOKEN_QUALITY ?? "";
  let quality = qualitySources.get(key);
  if (!quality) {
    quality = staticTokenQuality(env.SLUICE_TOKEN_QUALITY);
    qualitySources.set(key, quality);
  }
  return {
    chain,
    chainId: chains[chain].id,
    client: createChainClient({ chain, deployment }),
    uniswapV2Factory: deployment.uniswapV2Factory,
    uniswapV3Factory: deployment.uniswapV3Factory,
    store,
    cache,
    quality,
    deployment,
  };
}
