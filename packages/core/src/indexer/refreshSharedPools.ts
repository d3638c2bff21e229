import type { Address, PublicClient } from "viem";
import { awaitShared } from "../async/awaitShared.js";
import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { decodeSharedPool } from "./decodeSharedPool.js";
import { encodeSharedPool } from "./encodeSharedPool.js";
import type { ChainGraph } from "./graphTypes.js";
import { refreshPools } from "./refreshPools.js";

/** Pool refreshes in flight in this isolate, by `<chain>:<block>:<pool>`: concurrent quotes share one. */
export type PoolRefreshesInFlight = Map<string, Promise<void>>;

export type RefreshSharedPoolsParameters = {
  graph: ChainGraph;
  client: PublicClient;
  redis: Redis;
  pools: readonly Address[];
  /** The block to quote at (the chain's head under its freshness contract). */
  latestBlock: bigint;
  /** This isolate's refreshes in flight (`IsolateCaches.poolRefreshes`). */
  inFlight: PoolRefreshesInFlight;
  /** Runs the shared entry's write after the answer (the request's `background`); absent: awaited. */
  background?: (work: Promise<unknown>) => void;
  /** How long a block's shared entry lives (default 60 s; only the newest block's is read in practice). */
  ttlMs?: number;
};

const DEFAULT_TTL_MS = 60_000;

/**
 * `refreshPools` done once per block for every request and isolate: pools this isolate already holds at
 * `latestBlock` cost nothing; the others are taken from the block's shared entry in Redis (one HMGET,
 * `sluice:pools:v2:<chain>:<block>`, field = pool, value = `encodeSharedPool`); only pools nobody has read at that
 * block yet are read from the chain (one Multicall3 call, `refreshPools`) and added to the entry for the others
 * (one HSET + PEXPIRE pipeline, after the answer when `background` is given). Concurrent quotes of one isolate share
 * a refresh in flight. Redis failing only means reading the chain. Pool state at a block is the same whoever reads
 * it, so a quote is exactly as fresh as the block it names. Returns how many pools were brought to `latestBlock`.
 */
export async function refreshSharedPools(p: RefreshSharedPoolsParameters): Promise<number> {
  const { graph, latestBlock } = p;
  const isStale = (address: Address) => graph.pools.has(address) && (graph.refreshedAt.get(address) ?? graph.block) < latestBlock;
  const stale = p.pools.filter(isStale);
  if (stale.length === 0) return 0;
  const others = new Set<Promise<void>>();
  const mine: Address[] = [];
  for (const address of stale) {
    const running = p.inFlight.get(flightKey(graph, latestBlock, address));
    if (running) others.add(running);
    else mine.push(address);
  }
  const work = mine.length > 0 ? refreshStale(p, mine) : Promise.resolve();
  for (const address of mine) p.inFlight.set(flightKey(graph, latestBlock, address), work);
  try {
    // Other requests' refreshes are waited on within this request's own bound (`awaitShared`); what they leave stale is read below.
    await Promise.all([work, ...[...others].map((w) => awaitShared({ work: w }).catch(() => {}))]);
  } finally {
    for (const address of mine) {
      if (p.inFlight.get(flightKey(graph, latestBlock, address)) === work) p.inFlight.delete(flightKey(graph, latestBlock, address));
    }
  }
  // Another quote's refresh may have failed, or served another copy of the graph: whatever is still stale is read here.
  const left = stale.filter(isStale);
  if (left.length > 0) await refreshStale(p, left);
  return stale.length;
}

async function refreshStale(p: RefreshSharedPoolsParameters, stale: Address[]): Promise<void> {
  const { graph, latestBlock } = p;
  const key = redisKeys.poolsAtBlock(graph.chain, latestBlock);
  const shared = await p.redis.hmget<Record<string, unknown>>(key, ...stale).catch(() => null);
  const missing: Address[] = [];
  for (const address of stale) {
    const meta = graph.pools.get(address);
    const pool = meta && shared?.[address] != null ? decodeSharedPool(meta, shared[address]) : null;
    if (pool) {
      graph.pools.set(address, pool);
      graph.refreshedAt.set(address, latestBlock);
    } else {
      missing.push(address);
    }
  }
  if (missing.length === 0) return;
  await refreshPools({ graph, client: p.client, pools: missing, latestBlock });
  const entries: Record<string, string> = {};
  for (const address of missing) {
    const pool = graph.pools.get(address);
    if (pool && graph.refreshedAt.get(address) === latestBlock) entries[address] = encodeSharedPool(pool);
  }
  if (Object.keys(entries).length === 0) return;
  const write = (async () => p.redis.pipeline().hset(key, entries).pexpire(key, p.ttlMs ?? DEFAULT_TTL_MS).exec())().catch(() => {});
  if (p.background) p.background(write);
  else await write;
}

function flightKey(graph: ChainGraph, block: bigint, address: Address): string {
  return `${graph.chain}:${block}:${address}`;
}
