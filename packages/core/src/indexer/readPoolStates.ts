import type { Address, PublicClient } from "viem";
import { MULTICALL3_ADDRESS } from "../chains/chains.js";
import type { PoolProtocol } from "../pools/types.js";
import { v2PairAbi, v3PoolAbi } from "./abis.js";

export type PoolStateRequest = {
  protocol: PoolProtocol;
  address: Address;
  /** V3: ticks whose `ticks(tick)` entry to read as well. */
  ticks?: readonly number[];
};

export type V2State = { protocol: "uniswap-v2"; reserve0: bigint; reserve1: bigint };
export type V3State = {
  protocol: "uniswap-v3";
  sqrtPriceX96: bigint;
  tick: number;
  liquidity: bigint;
  /** The requested ticks: liquidityNet when initialized, null when not. */
  ticks: Map<number, bigint | null>;
};
export type PoolState = V2State | V3State;

export type ReadPoolStatesParameters = {
  client: PublicClient;
  requests: readonly PoolStateRequest[];
  blockNumber: bigint;
  /**
   * Calldata bytes per Multicall3 call; 0 puts everything in one call (the quote-time refresh does, so a quote costs
   * one round trip). The indexer chunks large reads.
   */
  batchSize?: number;
};

/**
 * Reads pool state through Multicall3 at one block, so every pool is seen at the same instant: V2 `getReserves`;
 * V3 `slot0`, `liquidity` and the requested `ticks`. Throws if any read fails (a pool that cannot be read must not
 * be quoted on stale state).
 */
export async function readPoolStates({ client, requests, blockNumber, batchSize = 0 }: ReadPoolStatesParameters): Promise<Map<Address, PoolState>> {
  const contracts: { address: Address; abi: typeof v2PairAbi | typeof v3PoolAbi; functionName: string; args?: readonly unknown[] }[] = [];
  for (const r of requests) {
    if (r.protocol === "uniswap-v2") contracts.push({ address: r.address, abi: v2PairAbi, functionName: "getReserves" });
    else {
      contracts.push({ address: r.address, abi: v3PoolAbi, functionName: "slot0" }, { address: r.address, abi: v3PoolAbi, functionName: "liquidity" });
      for (const tick of r.ticks ?? []) contracts.push({ address: r.address, abi: v3PoolAbi, functionName: "ticks", args: [tick] });
    }
  }
  if (contracts.length === 0) return new Map();
  const results = await client.multicall({
    contracts: contracts as never,
    allowFailure: false,
    blockNumber,
    batchSize,
    multicallAddress: MULTICALL3_ADDRESS,
  }) as unknown[];

  const states = new Map<Address, PoolState>();
  let i = 0;
  for (const r of requests) {
    if (r.protocol === "uniswap-v2") {
      const [reserve0, reserve1] = results[i++] as [bigint, bigint, number];
      states.set(r.address, { protocol: "uniswap-v2", reserve0, reserve1 });
      continue;
    }
    const [sqrtPriceX96, tick] = results[i++] as [bigint, number];
    const liquidity = results[i++] as bigint;
    const ticks = new Map<number, bigint | null>();
    for (const t of r.ticks ?? []) {
      const info = results[i++] as readonly [bigint, bigint, bigint, bigint, bigint, bigint, number, boolean];
      ticks.set(t, info[7] ? info[1] : null);
    }
    states.set(r.address, { protocol: "uniswap-v3", sqrtPriceX96, tick, liquidity, ticks });
  }
  return states;
}
