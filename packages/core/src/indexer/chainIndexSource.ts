import type { PublicClient } from "viem";
import type { ChainName } from "../chains/chains.js";
import type { GraphCache } from "./graphCache.js";
import type { GraphStore } from "./graphStore.js";
import type { TokenQualitySource } from "./tokenQuality.js";
import type { Address } from "viem";

/** Everything needed to index one chain and keep its graph. */
export type ChainIndexSource = {
  chain: ChainName;
  chainId: number;
  client: PublicClient;
  uniswapV2Factory?: Address;
  uniswapV3Factory?: Address;
  store: GraphStore;
  /** This isolate's decoded graphs (see `createGraphCache`). */
  cache: GraphCache;
  quality: TokenQualitySource;
  /** Where a fresh index starts (default 0). */
  startBlock?: bigint;
};
