import { encodeGraphShard } from "./graphCodec.js";
import type { ChainGraph } from "./graphTypes.js";

/**
 * A whole graph as one value: its block and every token, pool and pending pool in one shard encoding
 * (`encodeGraphShard`). For the graph a cold index is building (`indexProgressStore`) and for tests; the graph store
 * shards ready graphs instead (`shardedGraphStore`).
 */
export function encodeGraph(graph: ChainGraph): string {
  const shard = encodeGraphShard({ tokens: [...graph.tokens.values()], pools: [...graph.pools.values()], pending: [...graph.pending.values()] });
  return `{"chain":${JSON.stringify(graph.chain)},"chainId":${graph.chainId},"block":"${graph.block}","blockTimestamp":${graph.blockTimestamp},"shard":${shard}}`;
}
