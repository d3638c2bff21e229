import type { Address, PublicClient } from "viem";
import { v3MintBurnEvents } from "./abis.js";
import { applyPoolStates } from "./applyPoolStates.js";
import type { ChainGraph } from "./graphTypes.js";
import { readMintBurnTicks } from "./readMintBurnTicks.js";
import { readPoolStates, type PoolStateRequest } from "./readPoolStates.js";

export type RefreshPoolsParameters = {
  graph: ChainGraph;
  client: PublicClient;
  pools: readonly Address[];
  /** The chain's latest block: pool state is read at it. */
  latestBlock: bigint;
};

/**
 * Makes the given pools' state current as of `latestBlock` before a quote uses them. Pools already read at that
 * block cost nothing. Otherwise one Multicall3 call re-reads V2 reserves and V3 price and liquidity, and — in the same
 * round trip — one log query asks whether a Mint or Burn changed the V3 pools' ticks since they were read; only
 * then is a second multicall needed, for exactly those ticks. Returns how many pools were re-read.
 */
export async function refreshPools({ graph, client, pools, latestBlock }: RefreshPoolsParameters): Promise<number> {
  const stale: PoolStateRequest[] = [];
  let since = latestBlock;
  for (const address of pools) {
    const pool = graph.pools.get(address);
    if (!pool) continue;
    const at = graph.refreshedAt.get(address) ?? graph.block;
    if (at >= latestBlock) continue;
    stale.push({ protocol: pool.protocol, address });
    if (at < since) since = at;
  }
  if (stale.length === 0) return 0;
  const v3 = stale.filter((r) => r.protocol === "uniswap-v3").map((r) => r.address);
  const [{ states }, logs] = await Promise.all([
    readPoolStates({ client, requests: stale, blockNumber: latestBlock }),
    v3.length > 0
      ? client.getLogs({ address: v3, events: v3MintBurnEvents, fromBlock: since + 1n, toBlock: latestBlock, strict: true })
      : Promise.resolve([]),
  ]);
  for (const [address, state] of await readMintBurnTicks({ client, logs, blockNumber: latestBlock })) states.set(address, state);
  applyPoolStates(graph, states);
  for (const r of stale) graph.refreshedAt.set(r.address, latestBlock);
  return stale.length;
}
