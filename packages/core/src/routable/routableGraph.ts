import type { Address } from "viem";
import { indexPoolsByToken, type ChainGraph } from "../indexer/graphTypes.js";

/**
 * The routable part of an indexed graph as a graph of its own: the given pools and the tokens they hold (no pending
 * pools). Pool and token objects are shared with `graph`, not copied.
 */
export function routableGraph(graph: ChainGraph, routable: ReadonlySet<Address>): ChainGraph {
  const view: ChainGraph = {
    chain: graph.chain, chainId: graph.chainId, block: graph.block, blockTimestamp: graph.blockTimestamp,
    tokens: new Map(), pools: new Map(), pending: new Map(), poolsByToken: new Map(), refreshedAt: new Map(),
  };
  for (const address of routable) {
    const pool = graph.pools.get(address);
    if (!pool) continue;
    view.pools.set(address, pool);
    for (const t of [pool.token0, pool.token1]) {
      const token = graph.tokens.get(t);
      if (token) view.tokens.set(t, token);
    }
  }
  indexPoolsByToken(view);
  return view;
}
