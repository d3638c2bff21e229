import type { Address, PublicClient } from "viem";
import { isTransportFailure } from "../chains/isTransportFailure.js";
import { V3Pool } from "../pools/v3/v3Pool.js";
import { applyPoolStates } from "./applyPoolStates.js";
import type { ChainGraph } from "./graphTypes.js";
import { readPoolStates, type PoolStateRequest } from "./readPoolStates.js";
import { v3TickWord } from "./v3TickWords.js";

export type RefreshPoolsAtHeadParameters = {
  graph: ChainGraph;
  client: PublicClient;
  pools: readonly Address[];
  /** Ticks on each side of a V3 pool's last known tick whose bitmap words are read; default 2,000 (about ±22 % in price). */
  nearTickCount?: number;
};

export type RefreshPoolsAtHeadReturnType = {
  /** How many pools were re-read. */
  refreshed: number;
  /** The block they now stand at. */
  block: bigint;
  /**
   * Each V3 pool read, as it stands at `block`, with its ticks known complete only in the bitmap words read around its
   * price (`tickDataRange`): a swap that stays inside them is quoted exactly on it; one that leaves them throws
   * TICK_DATA_INCOMPLETE (`routeHoldsOn`). Missing: a pool whose words did not fit in the call (about 1,800
   * initialized ticks in all), whose price is no longer inside the words read around the tick the graph knew, or
   * that the graph already holds at a newer block.
   */
  nearTicks: ReadonlyMap<Address, V3Pool>;
};

const NEAR_TICKS = 2_000;

/**
 * Makes the given pools' state that of the chain's latest block in one round trip, without reading the head first
 * (what `/solve`'s re-quote does, where `refreshPools` needs the head's own round trip before it). Only on a chain
 * whose calls see its own block number (`callBlockIsChainBlock`; not Arbitrum, whose `block.number` is Ethereum's).
 *
 * One Multicall3 call at `latest` reads the block number, every pool's state and, for each V3 pool, every initialized
 * tick in the bitmap words around its last known tick (the tick bitmap lens, placed with a state override), so the
 * state, its ticks near the price and its block are one instant, and no Mint/Burn log query is needed. Ticks further
 * away stay as the graph last read them: a V3 pool's `refreshedAt` is not moved, so the next `refreshPools` still
 * catches up on its Mint and Burn logs, and the quote is checked to stay within the words read (`nearTicks`).
 * A node behind the pools' last read (a provider's lagging node) answers an older state: the simulation before any
 * send is what the chain pays.
 */
export async function refreshPoolsAtHead({ graph, client, pools, nearTickCount = NEAR_TICKS }: RefreshPoolsAtHeadParameters): Promise<RefreshPoolsAtHeadReturnType> {
  const requests: PoolStateRequest[] = [];
  for (const address of pools) {
    const pool = graph.pools.get(address);
    if (!pool) continue;
    if (!(pool instanceof V3Pool)) {
      requests.push({ protocol: pool.protocol, address });
      continue;
    }
    const words: number[] = [];
    for (let w = v3TickWord(pool.tick - nearTickCount, pool.tickSpacing); w <= v3TickWord(pool.tick + nearTickCount, pool.tickSpacing); w++) words.push(w);
    requests.push({ protocol: "uniswap-v3", address, tickSpacing: pool.tickSpacing, tickWords: words });
  }
  const { block, states } = await readWithNearTicks(client, requests);
  for (const [address, state] of states) {
    // Never over a newer state (another request's refresh, the cron's pass, a node ahead of this one): the graph's
    // stays, with the block it was read at, and is quoted as it is.
    if ((graph.refreshedAt.get(address) ?? graph.block) > block) states.delete(address);
    // A V3 pool whose words the call could not hold keeps its last consistent state (price, liquidity and ticks of one
    // block): a route through it is searched again after a log-based refresh.
    else if (state.protocol === "uniswap-v3" && !state.tickWords) states.delete(address);
  }
  applyPoolStates(graph, states);
  const nearTicks = new Map<Address, V3Pool>();
  for (const r of requests) {
    const state = states.get(r.address);
    if (r.protocol === "uniswap-v2") {
      if (state) graph.refreshedAt.set(r.address, block);
      continue;
    }
    const pool = graph.pools.get(r.address);
    if (state?.protocol !== "uniswap-v3" || !state.tickWords || !(pool instanceof V3Pool)) continue;
    const spacing = pool.tickSpacing;
    const range = [Math.min(...state.tickWords) * 256 * spacing, (Math.max(...state.tickWords) * 256 + 255) * spacing] as const;
    // The words were chosen around the graph's tick: a price that moved out of them leaves nothing known around it.
    if (pool.tick < range[0] || pool.tick > range[1]) continue;
    nearTicks.set(r.address, new V3Pool({
      address: pool.address, token0: pool.token0, token1: pool.token1, fee: pool.fee, tickSpacing: spacing,
      sqrtPriceX96: pool.sqrtPriceX96, tick: pool.tick, liquidity: pool.liquidity, ticks: pool.ticks, tickDataRange: range,
    }));
  }
  return { refreshed: requests.length, block, nearTicks };
}

/**
 * The pools with their V3 near ticks in one call; if that call fails for any reason but the transport (a node that
 * refuses the lens's state override, or runs out of gas in it), the pools alone, so the quote can still go on by its
 * log-based path.
 */
async function readWithNearTicks(client: PublicClient, requests: readonly PoolStateRequest[]) {
  try {
    return await readPoolStates({ client, requests, blockNumber: "latest" });
  } catch (error) {
    if (!requests.some((r) => r.tickWords) || isTransportFailure(error)) throw error;
    return readPoolStates({ client, requests: requests.map(({ protocol, address }) => ({ protocol, address })), blockNumber: "latest" });
  }
}
