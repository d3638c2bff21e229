/**
 * Where indexed graphs are kept between runs: sharded (`shardedGraphStore`) on Redis in the workers, on a map in
 * tests and benchmarks. No stored value is larger than the store's value limit (1 MB by default).
 */
import type { Address } from "viem";
import type { ChainName } from "../chains/chains.js";
import type { Redis } from "../redis/createRedis.js";
import type { GraphManifest } from "./graphManifest.js";
import type { ChainGraph } from "./graphTypes.js";
import { memoryGraphKv } from "./memoryGraphKv.js";
import type { GraphChanges } from "./planGraphWrite.js";
import { redisGraphKv } from "./redisGraphKv.js";
import { shardedGraphStore, type ShardedGraphStoreOptions } from "./shardedGraphStore.js";

export type GraphWriteOptions = {
  /** The routable universe (`routablePools`): what `readRoutable` serves. Default: every pool. */
  routable?: ReadonlySet<Address>;
  /**
   * What changed since this graph object was read or last written (`indexChain`'s `changedPools` / `changedTokens`):
   * only the shards holding them, or a pool or token that changed part, are rewritten. Absent: every shard is
   * re-encoded (and still only those whose content changed are written).
   */
  changed?: GraphChanges;
};

export type GraphWriteReturnType = { manifest: GraphManifest; shardsWritten: number; shardsEncoded: number; bytesWritten: number };

/** A routable graph with the manifest it was read at (what a reader holds, to re-fetch only changed shards later). */
export type RoutableGraph = { graph: ChainGraph; manifest: GraphManifest };

export interface GraphStore {
  /** The block the stored graph is indexed through, or null when there is none. */
  readBlock(chain: ChainName): Promise<bigint | null>;
  /** The stored graph's manifest (its shards and their sizes), or null. */
  readManifest(chain: ChainName): Promise<GraphManifest | null>;
  /** The whole indexed graph, or null. */
  read(chain: ChainName): Promise<ChainGraph | null>;
  /**
   * The graph an incremental indexing pass starts from, without reading it whole: the routable part (its pools and
   * tokens), the rest added shard by shard as the pass names addresses (`load`). A write of it is incremental only;
   * it loads whatever else it rewrites first, and refuses (`PartialGraphWriteError`) when the stored graph changed
   * since this read. Given the routable graph a reader holds, it is the base (as `readRoutable`): its pools and tokens
   * are shared, not copied, so pools a quote refreshed since are written as refreshed (at a block at or after the
   * graph's; the next pass re-reads any pool its logs touch).
   */
  readForUpdate(chain: ChainName, held?: RoutableGraph): Promise<ChainGraph | null>;
  /**
   * Adds to a graph from `readForUpdate` the stored pools and tokens of these addresses (with the rest of their
   * shards); what the graph already holds stays as it is. Answers the requests it made (0 when it held them all).
   */
  load(graph: ChainGraph, wanted: { pools?: Iterable<Address>; tokens?: Iterable<Address> }): Promise<number>;
  /**
   * The routable graph (what an isolate quotes on): routable pools and their tokens only. Given the routable graph a
   * reader holds, only shards whose version changed are fetched (the held graph's pools of the other shards are kept,
   * as they are); when none did, that same graph object comes back (its block moved on).
   */
  readRoutable(chain: ChainName, held?: RoutableGraph): Promise<RoutableGraph | null>;
  write(graph: ChainGraph, options?: GraphWriteOptions): Promise<GraphWriteReturnType>;
}

/** The workers' store: shards on Redis (Upstash REST). */
export function redisGraphStore(redis: Redis, options?: ShardedGraphStoreOptions): GraphStore {
  return shardedGraphStore(redisGraphKv({ redis }), options);
}

/** An in-memory store (tests, benchmarks): graphs are kept encoded and sharded, as in Redis. */
export function memoryGraphStore(options?: ShardedGraphStoreOptions): GraphStore {
  return shardedGraphStore(memoryGraphKv(), options);
}
