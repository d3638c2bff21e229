import type { ChainName } from "../chains/chains.js";
import { decodeGraphShard } from "./graphCodec.js";
import { emptyGraph, indexPoolsByToken, type ChainGraph } from "./graphTypes.js";

/** The graph `encodeGraph` wrote, or null when its shard encoding is of another version. */
export function decodeGraph(text: string): ChainGraph | null {
  const e = JSON.parse(text) as { chain: ChainName; chainId: number; block: string; blockTimestamp: number; shard: unknown };
  const shard = decodeGraphShard(JSON.stringify(e.shard));
  if (!shard) return null;
  const graph = emptyGraph(e.chain, e.chainId);
  graph.block = BigInt(e.block);
  graph.blockTimestamp = e.blockTimestamp;
  for (const t of shard.tokens) graph.tokens.set(t.address, t);
  for (const p of shard.pools) graph.pools.set(p.address, p);
  for (const p of shard.pending) graph.pending.set(p.address, p);
  indexPoolsByToken(graph);
  return graph;
}
