/**
 * Uniswap's own V2 and V3 factory addresses on the four chains, as the registry names them (`chains.ts`, where their
 * deployment blocks and sources are). A deployment names its factories in `SLUICE_CHAINS`; these are what it names on
 * the real chains, and what fork mode and the executor deployment use when the configuration leaves them out.
 */
import type { Address } from "viem";
import { chainNames, chains, type ChainName } from "./chains.js";

export const uniswapFactories = Object.fromEntries(chainNames.map((name) => [name, {
  v2: chains[name].uniswapFactories.v2.address,
  v3: chains[name].uniswapFactories.v3.address,
}])) as Record<ChainName, { v2: Address; v3: Address }>;
