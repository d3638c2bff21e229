/**
 * Where indexed graphs are kept between runs: Redis in the workers (one key per chain holding the encoded graph,
 * and a small key holding its block so readers can tell cheaply whether a newer graph exists), memory in tests
 * and benchmarks.
 */
import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";
import type { ChainName } from "../chains/chains.js";
import { decodeGraph, encodeGraph } from "./graphCodec.js";
import type { ChainGraph } from "./graphTypes.js";

export interface GraphStore {
  /** The block the stored graph is indexed through, or null when there is none. */
  readBlock(chain: ChainName): Promise<bigint | null>;
  read(chain: ChainName): Promise<ChainGraph | null>;
  write(graph: ChainGraph): Promise<void>;
}

const PREFIX = "graph:";

export function redisGraphStore(redis: Redis): GraphStore {
  return {
    async readBlock(chain) {
      const block = await redis.get<string>(redisKeys.graphBlock(chain));
      return block === null || block === undefined ? null : BigInt(String(block));
    },
    async read(chain) {
      // Stored with a prefix that is not JSON, so @upstash/redis hands back the raw string instead of parsing it.
      const text = await redis.get<string>(redisKeys.graph(chain));
      if (typeof text !== "string" || !text.startsWith(PREFIX)) return null;
      return decodeGraph(text.slice(PREFIX.length));
    },
    async write(graph) {
      await redis.mset({ [redisKeys.graph(graph.chain)]: PREFIX + encodeGraph(graph), [redisKeys.graphBlock(graph.chain)]: graph.block.toString() });
    },
  };
}

/** An in-memory store (tests, benchmarks): graphs are kept encoded, as in Redis. */
export function memoryGraphStore(): GraphStore {
  const graphs = new Map<ChainName, string>();
  const blocks = new Map<ChainName, bigint>();
  return {
    async readBlock(chain) {
      return blocks.get(chain) ?? null;
    },
    async read(chain) {
      const text = graphs.get(chain);
      return text === undefined ? null : decodeGraph(text);
    },
    async write(graph) {
      graphs.set(graph.chain, encodeGraph(graph));
      blocks.set(graph.chain, graph.block);
    },
  };
}
