import type { ChainIndexSource } from "./chainIndexSource.js";
import { indexChain, type IndexChainReturnType } from "./indexChain.js";

/**
 * Brings the stored graph of a chain up to the latest block (what the swap worker's cron runs, and what a quote
 * runs when no graph exists yet) and makes it this isolate's cached graph.
 */
export async function updateStoredGraph(source: ChainIndexSource): Promise<IndexChainReturnType> {
  const stored = await source.store.read(source.chain);
  const result = await indexChain({ ...source, graph: stored });
  if (result.toBlock !== stored?.block) await source.store.write(result.graph);
  source.cache.remember(result.graph);
  return result;
}
