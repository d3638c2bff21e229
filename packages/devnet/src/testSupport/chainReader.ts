/**
 * Reads a seeded chain's state through viem and Multicall3, for tests and for comparing two devnets.
 * Kept out of the `*.test.ts` files because several suites share it.
 */
import { createPublicClient, erc20Abi, http, type Address, type PublicClient } from "viem";
import { MULTICALL3_ADDRESS } from "@sluice/core";
import { contractBuilds } from "../contracts/artifacts.js";
import type { ManifestChain } from "../manifest/manifestTypes.js";

export function chainClient(chain: ManifestChain): PublicClient {
  return createPublicClient({ transport: http(chain.rpcUrl, { batch: { batchSize: 200 } }) });
}

export type PoolState =
  | { protocol: "uniswap-v2"; address: Address; reserve0: bigint; reserve1: bigint }
  | { protocol: "uniswap-v3"; address: Address; sqrtPriceX96: bigint; tick: number; liquidity: bigint };

/** Every pool of the manifest read in one Multicall3 round (which also proves Multicall3 works). */
export async function readPoolStates(chain: ManifestChain): Promise<PoolState[]> {
  const client = chainClient(chain);
  const { uniswapV2Pair, uniswapV3Pool } = contractBuilds();
  const contracts = chain.pools.flatMap((pool) =>
    pool.protocol === "uniswap-v2"
      ? [{ address: pool.address, abi: uniswapV2Pair.abi, functionName: "getReserves" }]
      : [{ address: pool.address, abi: uniswapV3Pool.abi, functionName: "slot0" }, { address: pool.address, abi: uniswapV3Pool.abi, functionName: "liquidity" }],
  );
  const results = await client.multicall({ contracts, multicallAddress: MULTICALL3_ADDRESS, allowFailure: false, batchSize: 0 }) as unknown[];
  let i = 0;
  return chain.pools.map((pool): PoolState => {
    if (pool.protocol === "uniswap-v2") {
      const [reserve0, reserve1] = results[i++] as [bigint, bigint, number];
      return { protocol: pool.protocol, address: pool.address, reserve0, reserve1 };
    }
    const slot0 = results[i++] as [bigint, number, ...unknown[]];
    const liquidity = results[i++] as bigint;
    return { protocol: pool.protocol, address: pool.address, sqrtPriceX96: slot0[0], tick: slot0[1], liquidity };
  });
}

export async function readTokenBalances(chain: ManifestChain, holders: readonly Address[]): Promise<bigint[]> {
  const client = chainClient(chain);
  const contracts = chain.tokens.flatMap((token) =>
    holders.map((holder) => ({ address: token.address, abi: erc20Abi, functionName: "balanceOf" as const, args: [holder] as const })),
  );
  return (await client.multicall({ contracts, multicallAddress: MULTICALL3_ADDRESS, allowFailure: false, batchSize: 0 })) as bigint[];
}
