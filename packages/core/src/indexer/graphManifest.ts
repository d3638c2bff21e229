import type { ChainName } from "../chains/chains.js";

/** Shard parts: `r` holds the routable graph (what isolates load), `x` the rest of the indexed graph. */
export type GraphPart = "r" | "x";

/**
 * What a chain's stored graph is: its block, and per part the shards, each as `[version, bytes]` (the version is a
 * hash of the shard's content and part of its key, so a shard's key never changes meaning and a reader can keep every
 * shard whose version it already holds). A shard's part and index are its id (`r12`); a pool or token lives in shard
 * `addressBits mod count` of its part (`shardIndexOf`). Stored in two values (`shardedGraphStore`): the head, which
 * every reader fetches (block, the `r` list, and where the `x` list is), and the `x` list, which only writers need.
 * A manifest read for the routable graph alone (`readRoutable`) has an empty `x` list.
 */
export type GraphManifest = {
  v: 3;
  chain: ChainName;
  chainId: number;
  block: string;
  ts: number;
  shards: Record<GraphPart, [version: string, bytes: number][]>;
};

/** A shard's id: its part and index. */
export const shardId = (part: GraphPart, index: number) => `${part}${index}`;
