/**
 * `scale.ts`'s cron isolate: a worker thread (its own V8 heap) that holds what the indexer's cron holds — the stored
 * values (standing in for Redis), the routable graph it quotes on, the cached reference prices and routable set — and
 * not the benchmark's 440k-pool universe, whose heap would slow every map and set lookup of the update. It runs one
 * block update as the cron does and posts back its CPU figures.
 */
import { parentPort, workerData } from "node:worker_threads";
import { memoryGraphKv, routablePools, shardedGraphStore, V2Pool, V3Pool, type ChainGraph, type ChainName, type ReferencePrice } from "@sluice/core";
import type { Address } from "viem";

export type ScaleCronWorkerData = {
  chain: ChainName;
  values: [string, string][];
  /** The cached reference prices and routable set the stored graph was judged at. */
  prices: [Address, ReferencePrice][];
  routable: Address[];
  minLiquidityUsd: number;
  nonStandard: Address[];
  /** The block's changed pools, and their tokens. */
  changedPools: Address[];
  changedTokens: Address[];
  /** Pools of other factories whose logs (same events) a pass on a busy chain sees: not indexed. */
  foreignPools: Address[];
};
export type ScaleCronWorkerResult = {
  cronReadCpuMs: number; cronWarmReadCpuMs: number; cronReadBytes: number; cronLoadedBytes: number;
  cronLoadCpuMs: number; routabilityCpuMs: number; cronWriteCpuMs: number; blockUpdateCpuMs: number;
  cronPoolsHeld: number; cronHeapMB: number; shardsWritten: number; bytesWritten: number; reloadMs: number;
  foreignLoadCpuMs: number; foreignLoadedBytes: number; foreignHeapMB: number;
};

const d = workerData as ScaleCronWorkerData;
const cpuMs = (since: NodeJS.CpuUsage) => { const c = process.cpuUsage(since); return (c.user + c.system) / 1000; };
const gc = () => (globalThis as { gc?: () => void }).gc?.();

const kv = memoryGraphKv();
for (const [k, v] of d.values) kv.values.set(k, v);
const prices = new Map(d.prices);
const routable = new Set(d.routable);
const nonStandard = new Set(d.nonStandard);
const isRoutableToken = (t: { address: Address }) => !nonStandard.has(t.address);
// The isolate's routable graph, as its quotes hold it.
const held = (await shardedGraphStore(kv).readRoutable(d.chain))!;

let readBytes = 0;
const cron = shardedGraphStore({
  ...kv,
  async get(keys, bytes) {
    const values = await kv.get(keys, bytes);
    for (const v of values) readBytes += v === null ? 0 : Buffer.byteLength(v);
    return values;
  },
});
// A cold isolate's update read (the routable part fetched and decoded), then a warm one's on the routable graph the
// isolate holds for quotes (what the cron does), sharing its pools and tokens.
const readStarted = process.cpuUsage();
await cron.readForUpdate(d.chain);
const cronReadCpuMs = cpuMs(readStarted);
const cronReadBytes = readBytes;
gc();
const heapBefore = process.memoryUsage().heapUsed;
const warmStarted = process.cpuUsage();
const working = (await cron.readForUpdate(d.chain, held))!;
const cronWarmReadCpuMs = cpuMs(warmStarted);
readBytes = 0;

// The block: the changed pools and their tokens loaded by address, new state objects (as an indexing pass leaves
// them), routability re-judged for the changed pools at the cached prices, the changed shards written.
const changedPools = new Set(d.changedPools);
const updateStarted = process.cpuUsage();
await cron.load(working, { pools: changedPools });
await cron.load(working, { tokens: d.changedTokens });
const cronLoadCpuMs = cpuMs(updateStarted);
for (const address of changedPools) bump(working, address);
working.block += 1n;
const routabilityStarted = process.cpuUsage();
const nextRoutable = routablePools({ graph: working, minLiquidityUsd: d.minLiquidityUsd, isRoutableToken, prices, incremental: { previous: routable, pools: changedPools } });
const routabilityCpuMs = cpuMs(routabilityStarted);
const writeStarted = process.cpuUsage();
const written = await cron.write(working, { routable: nextRoutable, changed: { pools: changedPools, tokens: [] } });
const cronWriteCpuMs = cpuMs(writeStarted);
const blockUpdateCpuMs = cpuMs(updateStarted);
const cronLoadedBytes = readBytes;
gc();
const cronHeapMB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

// A reader holding the previous routable graph fetches the changed shards.
const reloadStarted = performance.now();
await shardedGraphStore(kv).readRoutable(d.chain, held);
const reloadMs = performance.now() - reloadStarted;

// A pass's logs from pools another factory made (same events; a topic-filtered query sees them): each loads the `x`
// shard its address selects only to find it is not there (README "Limits": no membership filter per shard).
gc();
const foreignHeapBefore = process.memoryUsage().heapUsed;
const beside = (await cron.readForUpdate(d.chain, held))!;
readBytes = 0;
const foreignStarted = process.cpuUsage();
await cron.load(beside, { pools: d.foreignPools });
const foreignLoadCpuMs = cpuMs(foreignStarted);
const foreignLoadedBytes = readBytes;
gc();
const foreignHeapMB = (process.memoryUsage().heapUsed - foreignHeapBefore) / 2 ** 20;
if ([...d.foreignPools].some((a) => beside.pools.has(a))) throw new Error("a foreign pool was found in the index");

parentPort!.postMessage({
  foreignLoadCpuMs, foreignLoadedBytes, foreignHeapMB,
  cronReadCpuMs, cronWarmReadCpuMs, cronReadBytes, cronLoadedBytes, cronLoadCpuMs, routabilityCpuMs, cronWriteCpuMs, blockUpdateCpuMs,
  cronPoolsHeld: working.pools.size + working.pending.size, cronHeapMB, shardsWritten: written.shardsWritten, bytesWritten: written.bytesWritten, reloadMs,
} satisfies ScaleCronWorkerResult);

/** A pool's state moved by one unit (V2 reserve0, V3 liquidity): a new object, as `applyPoolStates` makes. */
function bump(graph: ChainGraph, address: Address) {
  const p = graph.pools.get(address)!;
  graph.pools.set(address, p instanceof V2Pool
    ? new V2Pool({ address, token0: p.token0, token1: p.token1, reserve0: p.reserve0 + 1n, reserve1: p.reserve1 })
    : new V3Pool({ address, token0: p.token0, token1: p.token1, fee: p.fee, tickSpacing: (p as V3Pool).tickSpacing, sqrtPriceX96: (p as V3Pool).sqrtPriceX96,
      tick: (p as V3Pool).tick, liquidity: (p as V3Pool).liquidity + 1n, ticks: (p as V3Pool).ticks }));
}
