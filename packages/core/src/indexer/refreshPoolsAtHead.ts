import type { Address, PublicClient } from "viem";
import { v3MintBurnEvents } from "./abis.js";
import { applyPoolStates } from "./applyPoolStates.js";
import type { ChainGraph } from "./graphTypes.js";
import { readMintBurnTicks, type MintBurnLog } from "./readMintBurnTicks.js";
import { readPoolStates, type PoolStateRequest } from "./readPoolStates.js";

export type RefreshPoolsAtHeadParameters = {
  graph: ChainGraph;
  client: PublicClient;
  pools: readonly Address[];
  /**
   * The latest block seen on the chain (this isolate's last sighting): the Mint/Burn log query up to it runs beside the
   * state read. Absent, or behind the block the state is read at: the blocks after it are queried once that is known.
   */
  seenHead?: bigint;
};

/** How many pools were re-read, and the block they now stand at. */
export type RefreshPoolsAtHeadReturnType = { refreshed: number; block: bigint };

/**
 * Makes the given pools' state that of the chain's latest block, without reading the head first (what `/solve`'s
 * re-quote does, where `refreshPools` needs the head's own round trip before it). Only on a chain whose calls see its
 * own block number (`callBlockIsChainBlock`; not Arbitrum, whose `block.number` is Ethereum's): one Multicall3 call at `latest`
 * reads every pool with the block number in the same call, so the state and its block are one instant. V3 ticks
 * changed since the pools were read are found as `refreshPools` finds them, by their Mint/Burn logs: queried up to
 * `seenHead` beside the state read, then — only when the state's block is newer — for the blocks after it; logs
 * after the state's block are left out. Ticks are re-read at that block only when a Mint or Burn named them.
 * Round trips: one when no V3 pool is read, or the seen head is the latest block and no Mint or Burn happened.
 * A node behind the pools' last read (a provider's lagging node) answers an older state, and ticks a later Mint or
 * Burn changed stay as read until the next refresh: the simulation before any send is what the chain pays.
 */
export async function refreshPoolsAtHead({ graph, client, pools, seenHead }: RefreshPoolsAtHeadParameters): Promise<RefreshPoolsAtHeadReturnType> {
  const requests: PoolStateRequest[] = [];
  const v3: Address[] = [];
  let since: bigint | undefined;
  for (const address of pools) {
    const pool = graph.pools.get(address);
    if (!pool) continue;
    requests.push({ protocol: pool.protocol, address });
    if (pool.protocol !== "uniswap-v3") continue;
    v3.push(address);
    const at = graph.refreshedAt.get(address) ?? graph.block;
    if (since === undefined || at < since) since = at;
  }
  const mintBurn = (fromBlock: bigint, toBlock: bigint): Promise<MintBurnLog[]> => (since === undefined || toBlock < fromBlock
    ? Promise.resolve([])
    : client.getLogs({ address: v3, events: v3MintBurnEvents, fromBlock, toBlock, strict: true }));
  const speculated = since !== undefined && seenHead !== undefined && seenHead > since ? seenHead : undefined;
  // A node behind the seen head may refuse the range: then the blocks are queried once the state's block is known.
  const early = speculated === undefined ? Promise.resolve(undefined) : mintBurn(since! + 1n, speculated).catch(() => undefined);
  const [{ block, states }, earlyLogs] = await Promise.all([readPoolStates({ client, requests, blockNumber: "latest" }), early]);
  const logs: MintBurnLog[] = [];
  if (since !== undefined) {
    const queriedThrough = earlyLogs === undefined ? since : speculated!;
    for (const log of earlyLogs ?? []) if ((log.blockNumber ?? 0n) <= block) logs.push(log);
    logs.push(...await mintBurn(queriedThrough + 1n, block));
  }
  for (const [address, state] of await readMintBurnTicks({ client, logs, blockNumber: block })) states.set(address, state);
  applyPoolStates(graph, states);
  for (const r of requests) graph.refreshedAt.set(r.address, block);
  return { refreshed: requests.length, block };
}
