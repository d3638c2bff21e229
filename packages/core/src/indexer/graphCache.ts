import type { ChainName } from "../chains/chains.js";
import type { ChainGraph } from "./graphTypes.js";

export type CachedGraph = { graph: ChainGraph; checkedAt: number };

/**
 * An isolate's decoded pool graphs, one per chain, with when the store was last asked whether a newer one exists,
 * and the index runs in flight (concurrent callers share one). Created once per isolate (see `createIsolateCaches`)
 * and passed in: nothing about graphs is kept in module state.
 */
export type GraphCache = {
  get(chain: ChainName): CachedGraph | undefined;
  /** Makes `graph` this isolate's graph of its chain. */
  remember(graph: ChainGraph, now?: number): void;
  readonly indexing: Map<ChainName, Promise<ChainGraph>>;
  /** Forgets every graph (tests, benchmarks). */
  clear(): void;
};

export function createGraphCache(): GraphCache {
  const graphs = new Map<ChainName, CachedGraph>();
  const indexing = new Map<ChainName, Promise<ChainGraph>>();
  return {
    get: (chain) => graphs.get(chain),
    remember: (graph, now = Date.now()) => void graphs.set(graph.chain, { graph, checkedAt: now }),
    indexing,
    clear: () => {
      graphs.clear();
      indexing.clear();
    },
  };
}
