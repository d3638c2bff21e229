import type { ChainIndexSource } from "./chainIndexSource.js";
import type { ChainGraph } from "./graphTypes.js";
import { indexNotReady } from "./indexNotReady.js";
import { indexProgressSummary } from "./indexProgressSummary.js";

/** How long a cached graph is used before the store is asked (one small read) whether the cron indexed further. */
export const STORE_CHECK_INTERVAL_MS = 5_000;

/**
 * The chain's routable graph for a quote (routable pools and their tokens only, see routable/): this isolate's copy
 * (`source.cache`) while it is recent; else the store's when it is newer, fetching only the shards that changed
 * since the copy. A quote never indexes: before the cron's cold index of the chain is complete there is no graph,
 * and this throws DEPENDENCY_DOWN (503, `Retry-After`) naming the chain and the index's progress. The graph may be
 * older than the chain's latest block: the quote refreshes the pools it uses (`refreshPools`).
 */
export async function loadGraph(source: ChainIndexSource, now = Date.now()): Promise<ChainGraph> {
  const cached = source.cache.get(source.chain);
  if (cached && now - cached.checkedAt < STORE_CHECK_INTERVAL_MS) return cached.graph;
  const storedBlock = await source.store.readBlock(source.chain);
  if (cached && storedBlock !== null && storedBlock <= cached.graph.block) {
    cached.checkedAt = now;
    return cached.graph;
  }
  if (storedBlock !== null) {
    const held = cached?.manifest && { graph: cached.graph, manifest: cached.manifest };
    const stored = await source.store.readRoutable(source.chain, held);
    if (stored) {
      source.cache.remember(stored.graph, now, stored.manifest);
      return stored.graph;
    }
  }
  // No stored graph. While a cold index runs, no isolate quotes (not even from an older copy); a graph that vanished
  // from the store otherwise (evicted, flushed) is still served from this isolate's copy until the cron writes again.
  const progress = await source.progress.read(source.chain);
  if (cached && (progress === null || progress.phase === "ready")) {
    cached.checkedAt = now;
    return cached.graph;
  }
  throw indexNotReady(indexProgressSummary(source.chain, progress));
}
