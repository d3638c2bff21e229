import type { Address, PublicClient } from "viem";
import { chains, type ChainName } from "../chains/chains.js";
import { factoryEvents } from "./abis.js";
import type { IndexBudget } from "./indexBudget.js";
import { readIndexLogs, type IndexLog } from "./readIndexLogs.js";

export type RescanPoolCreationsParameters = {
  client: PublicClient;
  chain: ChainName;
  /** The first block the pass reads; the rescan covers the blocks just before it. */
  fromBlock: bigint;
  /** Nothing before this block is read (the index's start). */
  startBlock: bigint;
  /** The configured factories (lower case): the only addresses asked about. */
  factories: readonly Address[];
  /** Blocks per `eth_getLogs` the provider is known to answer (the pass's span); the rescan asks for no more. */
  span?: bigint;
  budget: IndexBudget;
  /** The rescan reads nothing when the budget has no more than this left (the pass's own reserve). */
  reserve: number;
};

/**
 * Why: pools are discovered only from their factory's creation event, and a pass reads only the blocks after the
 * graph's block. A short reorganisation that replaces an already-indexed block with a version holding a `PairCreated`
 * or `PoolCreated` would otherwise hide that pool forever (no later log names it as new). So an incremental pass also
 * reads the factories' creation events — filtered by the factory addresses, one cheap `eth_getLogs` on a provider that
 * answers the span — over the last `confirmations` blocks it already indexed: the chain registry's depth below which
 * a reorganisation may still change a block (`chains.ts`; the registry's, not a deployment's override, which is about
 * when volume counts). The caller feeds what it answers through its usual discovery, whose known-pool check makes
 * this idempotent. Best effort: it reads nothing when the budget is down to `reserve`, and answers what it read.
 */
export async function rescanPoolCreations(params: RescanPoolCreationsParameters): Promise<IndexLog[]> {
  const depth = BigInt(Math.max(1, chains[params.chain].confirmations));
  const toBlock = params.fromBlock - 1n;
  const fromBlock = params.fromBlock - depth > params.startBlock ? params.fromBlock - depth : params.startBlock;
  if (params.factories.length === 0 || toBlock < fromBlock || params.budget.remaining() <= params.reserve) return [];
  const span = params.span !== undefined && params.span < depth ? params.span : depth;
  const { logs } = await readIndexLogs({
    client: params.client, fromBlock, toBlock, span, maxSpan: depth, budget: params.budget, reserve: params.reserve,
    events: factoryEvents, address: params.factories,
  });
  return logs;
}
