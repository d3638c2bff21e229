import type { GraphShard } from "./graphCodec.js";
import type { GraphManifest } from "./graphManifest.js";
import { indexPoolsByToken, type ChainGraph } from "./graphTypes.js";

/** A graph from its manifest and decoded shards (pool and token objects are the shards' own, not copies). */
export function assembleGraph(manifest: GraphManifest, shards: Iterable<GraphShard>): ChainGraph {
  const graph: ChainGraph = {
    chain: manifest.chain, chainId: manifest.chainId, block: BigInt(manifest.block), blockTimestamp: manifest.ts,
    tokens: new Map(), pools: new Map(), pending: new Map(), poolsByToken: new Map(), refreshedAt: new Map(),
  };
  for (const shard of shards) {
    for (const t of shard.tokens) graph.tokens.set(t.address, t);
    for (const pool of shard.pools) graph.pools.set(pool.address, pool);
    for (const pending of shard.pending) graph.pending.set(pending.address, pending);
  }
  indexPoolsByToken(graph);
  return graph;
}
