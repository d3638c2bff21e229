import type { Address, PublicClient } from "viem";
import type { ChainName } from "../chains/chains.js";
import type { GraphCache } from "./graphCache.js";
import type { GraphStore } from "./graphStore.js";
import type { IndexProgressStore } from "./indexProgressStore.js";
import type { TokenQualitySource } from "./tokenQuality.js";
import type { RoutableTokenPredicate } from "../routable/isRoutableToken.js";

/** Everything needed to index one chain and keep its graph. */
export type ChainIndexSource = {
  chain: ChainName;
  chainId: number;
  client: PublicClient;
  uniswapV2Factory?: Address;
  uniswapV3Factory?: Address;
  store: GraphStore;
  /** Where a cold index keeps its progress between invocations. */
  progress: IndexProgressStore;
  /** This isolate's decoded graphs (see `createGraphCache`). */
  cache: GraphCache;
  quality: TokenQualitySource;
  /** Where a cold index starts reading factory events (see `indexStartBlock`; default 0). */
  startBlock?: bigint;
  /** How far before its target a cold index's catch-up starts (recent trade times; default 0). */
  tradeLookbackBlocks?: bigint;
  /** The routable-liquidity threshold (USD, see `routableLiquidityUsd`); absent or 0: every indexed pool is routable. */
  routableLiquidityUsd?: number;
  /** Which tokens may be in the routable universe (default: all, `allTokensRoutable`). */
  isRoutableToken?: RoutableTokenPredicate;
};
