import type { PublicClient } from "viem";
import type { Redis } from "../redis/createRedis.js";
import { awaitShared } from "../async/awaitShared.js";
import { redisKeys } from "../redis/redisKeys.js";
import type { ChainName } from "./chains.js";

/** The latest block seen on each chain by this isolate, and when. */
export type ChainHeadCache = Map<ChainName, { block: bigint; seenAt: number }>;

export type ReadChainHeadParameters = {
  chain: ChainName;
  client: PublicClient;
  redis: Redis;
  cache: ChainHeadCache;
  /** The freshness contract: a head seen less than this long ago (ms) is used as is; 0 always asks the node. */
  maxAgeMs: number;
  /**
   * This isolate's head reads in flight (Redis, then the node), by chain: concurrent quotes that find the head expired
   * share one instead of each asking Redis and the node. Absent: each call reads on its own.
   */
  inFlight?: Map<ChainName, Promise<ReadChainHeadReturnType>>;
  now?: number;
};

export type ReadChainHeadReturnType = { block: bigint; source: "isolate" | "shared" | "node" };

/**
 * The chain's head for a quote, read once per block for all requests and isolates: this isolate's last sighting while
 * it is younger than `maxAgeMs`; else the shared sighting in Redis (written by whichever request asked the node
 * first, expiring after `maxAgeMs`); else `eth_blockNumber`, shared for the others. Redis failing only means asking
 * the node. With `maxAgeMs` 0 every call asks the node (what /solve's re-quote does).
 */
export async function readChainHead(p: ReadChainHeadParameters): Promise<ReadChainHeadReturnType> {
  const now = p.now ?? Date.now();
  if (p.maxAgeMs > 0) {
    const local = p.cache.get(p.chain);
    if (local && now - local.seenAt < p.maxAgeMs) return { block: local.block, source: "isolate" };
    if (p.inFlight) {
      const running = p.inFlight.get(p.chain);
      // Another request's read, waited on within this request's own bound (`awaitShared`), else read here.
      if (running) return (await awaitShared({ work: running })) ?? readShared(p, now);
      const read = readShared(p, now).finally(() => p.inFlight!.delete(p.chain));
      p.inFlight.set(p.chain, read);
      return read;
    }
  }
  return readShared(p, now);
}

async function readShared(p: ReadChainHeadParameters, now: number): Promise<ReadChainHeadReturnType> {
  if (p.maxAgeMs > 0) {
    const local = p.cache.get(p.chain);
    const shared = await p.redis.get<{ block: string; seenAt: number }>(redisKeys.chainHead(p.chain)).catch(() => null);
    if (shared && now - shared.seenAt < p.maxAgeMs) {
      const block = BigInt(shared.block);
      if (local && local.block > block) return { block: local.block, source: "isolate" };
      p.cache.set(p.chain, { block, seenAt: shared.seenAt });
      return { block, source: "shared" };
    }
  }
  const block = await p.client.getBlockNumber({ cacheTime: 0 });
  p.cache.set(p.chain, { block, seenAt: now });
  if (p.maxAgeMs > 0) {
    await p.redis.set(redisKeys.chainHead(p.chain), { block: String(block), seenAt: now }, { px: p.maxAgeMs }).catch(() => {});
  }
  return { block, source: "node" };
}
