import type { ChainIndexSource } from "./chainIndexSource.js";
import type { ChainGraph } from "./graphTypes.js";
import { updateStoredGraph } from "./updateStoredGraph.js";

/** How long a cached graph is used before the store is asked (one small read) whether the cron indexed further. */
export const STORE_CHECK_INTERVAL_MS = 5_000;

/**
 * The chain's graph for a quote: this isolate's copy (`source.cache`) while it is recent; else the store's when it is newer; else,
 * when no graph exists anywhere, an index run on the spot (concurrent callers share it). The graph may be older
 * than the chain's latest block: the quote refreshes the pools it uses (`refreshPools`).
 */
export async function loadGraph(source: ChainIndexSource, now = Date.now()): Promise<ChainGraph> {
  const cached = source.cache.get(source.chain);
  if (cached && now - cached.checkedAt < STORE_CHECK_INTERVAL_MS) return cached.graph;
  const storedBlock = await source.store.readBlock(source.chain);
  if (cached && (storedBlock === null || storedBlock <= cached.graph.block)) {
    cached.checkedAt = now;
    return cached.graph;
  }
  if (storedBlock !== null) {
    const stored = await source.store.read(source.chain);
    if (stored) {
      source.cache.remember(stored, now);
      return stored;
    }
  }
  let running = source.cache.indexing.get(source.chain);
  if (!running) {
    running = updateStoredGraph(source).then((r) => r.graph).finally(() => source.cache.indexing.delete(source.chain));
    source.cache.indexing.set(source.chain, running);
  }
  return running;
}

