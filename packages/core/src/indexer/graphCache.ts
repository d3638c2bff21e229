import type { ChainName } from "../chains/chains.js";
import type { ChainGraph } from "./graphTypes.js";

type Cached = { graph: ChainGraph; checkedAt: number };

/** This isolate's graphs, with when the store was last asked whether a newer one exists. */
const cache = new Map<ChainName, Cached>();

export function cachedGraph(chain: ChainName): Cached | undefined {
  return cache.get(chain);
}

/** Makes `graph` this isolate's graph of its chain. */
export function rememberGraph(graph: ChainGraph, now = Date.now()): void {
  cache.set(graph.chain, { graph, checkedAt: now });
}

/** Forgets this isolate's graphs (tests, benchmarks). */
export function forgetGraphs(): void {
  cache.clear();
}
