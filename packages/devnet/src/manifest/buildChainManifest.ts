import { formatUnits, type Address } from "viem";
import { MULTICALL3_ADDRESS, PERMIT2_ADDRESS } from "@sluice/core";
import type { ResolvedChain } from "../scenario/resolvedTypes.js";
import { layoutAddresses, v2PairAddress, v3PoolAddress, type FactoryAddresses } from "../seed/deploymentLayout.js";
import type { ManifestChain } from "./manifestTypes.js";

export function buildChainManifest(chain: ResolvedChain, rpcUrl: string, deployer: Address, relayers: Address[], executor: Address | null,
  factories?: FactoryAddresses): ManifestChain {
  const layout = layoutAddresses(deployer, factories);
  return {
    chainId: chain.chainId,
    rpcUrl,
    permit2: PERMIT2_ADDRESS,
    multicall3: MULTICALL3_ADDRESS,
    executor,
    relayers,
    uniswapV2Factory: layout.uniswapV2Factory,
    uniswapV3Factory: layout.uniswapV3Factory,
    seeder: layout.seeder,
    weth: chain.wrappedNative.address,
    tokens: chain.tokens.map((t) => ({
      symbol: t.symbol, name: t.name, address: t.address, decimals: t.decimals, curated: t.curated, quality: t.quality,
      lastTradedDaysAgo: t.lastTradedDaysAgo, behaviour: t.behaviour,
    })),
    pools: chain.pools.map((pool) =>
      pool.protocol === "uniswap-v2"
        ? { protocol: pool.protocol, address: v2PairAddress(layout.uniswapV2Factory, pool.token0.address, pool.token1.address),
            tokens: [pool.token0.address, pool.token1.address] }
        : { protocol: pool.protocol, address: v3PoolAddress(layout.uniswapV3Factory, pool.token0.address, pool.token1.address, pool.fee),
            tokens: [pool.token0.address, pool.token1.address], fee: pool.fee },
    ),
    wallets: chain.wallets.map((w) => ({
      address: w.address,
      native: w.native === null ? null : formatUnits(w.native, 18),
      balances: w.balances.map((b) => ({ symbol: b.token.symbol, address: b.token.address, amount: formatUnits(b.amount, b.token.decimals) })),
    })),
  };
}
