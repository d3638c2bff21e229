import type { Address } from "viem";
import type { ChainGraph } from "../indexer/graphTypes.js";

export type OneBlockRefresherParameters = {
  graph: ChainGraph;
  /** The chain's head as this request read it. */
  head: Promise<bigint>;
  /** Brings the given pools' state to `block` (pools already at it, or past it, cost nothing). */
  refreshAt: (pools: readonly Address[], block: bigint) => Promise<number>;
};

export type OneBlockRefresher = {
  /** The router's refresher: every pool it was given so far brought to one block. Answers the pools re-read. */
  refresh: (pools: readonly Address[]) => Promise<number>;
  /** The block all those pools are at (the quote's `blockNumber`); undefined before the first refresh. */
  block: () => bigint | undefined;
};

/** How many times a refresh follows pools that other requests moved past its block meanwhile. */
const ROUNDS_MAX = 3;

/**
 * Keeps a quote on one block (decisions §2.14: priced on the pools' state at the block its `blockNumber` names). The
 * isolate's graph is shared by concurrent requests, and another request whose head is newer may already have brought
 * some of this quote's pools to a later block (or the stored graph is newer than this request's head read): quoting
 * those beside pools read at the older head mixed two blocks under the older one's name. So the quote's block is the
 * newest of its head and its pools' blocks, and every pool the router asked for is brought to it; a pool moved past it
 * while that read ran raises it again (at most `ROUNDS_MAX` times, then the block reached is named).
 */
export function oneBlockRefresher({ graph, head, refreshAt }: OneBlockRefresherParameters): OneBlockRefresher {
  const pools = new Set<Address>();
  let block: bigint | undefined;
  const newest = () => {
    let at = graph.block;
    for (const a of pools) {
      const b = graph.refreshedAt.get(a) ?? graph.block;
      if (b > at) at = b;
    }
    return at;
  };
  return {
    block: () => block,
    refresh: async (asked) => {
      for (const a of asked) pools.add(a);
      let target = await head;
      if (block !== undefined && block > target) target = block;
      let refreshed = 0;
      for (let round = 0; round < ROUNDS_MAX; round++) {
        const ahead = newest();
        if (ahead > target) target = ahead;
        refreshed += await refreshAt([...pools], target);
        if (newest() <= target) break;
      }
      block = target;
      return refreshed;
    },
  };
}
