/**
 * Real-chain scale, in process: `pnpm bench:scale` (SIZES=10k,50k,ethereum to choose; QUERIES=200).
 *
 * Builds mainnet-like universes (`generateMainnetLikeGraph`: power-law liquidity, hubs, dust pools, odd tokens) at
 * 10k and 50k pools and at Ethereum size (400k V2 + 40k V3 pools, 350k tokens), stores each in the sharded graph
 * store (memory key-value, same encoding and limits as Redis) and prints one JSON line per size:
 *   poolsIndexed, poolsRoutable (at the registry's threshold, `routableLiquidityUsd`, non-standard tokens refused by
 *   the token predicate), encodedBytes (every stored value), largestValueBytes (the largest one), shards, manifestBytes (the manifest's head,
 *   which every reader fetches) and xListBytes (the list of the `x` part's shards, which only the cron reads), heapMB
 *   (heap retained after loading the routable graph and building its router index, as an isolate does), loadMs
 *   (fetching and decoding the routable shards + the router index), quoteP50Ms / quoteP99Ms (route search + quote
 *   assembly over random pairs of routable tokens that have a route, in a worker thread that holds only the routable
 *   graph, as an isolate does — `scaleQuoteWorker.ts`; wall clock, and quoteCpu* in CPU time, steadier on a shared
 *   machine), blockUpdateCpuMs (one block with 200 changed pools, as the cron runs it, in a worker thread that holds what the
 *   cron's isolate holds — `scaleCronWorker.ts`: the changed pools and their
 *   tokens loaded by address into the update read, their routability re-judged at the cached reference prices and
 *   the changed shards written; of which routabilityCpuMs, cronLoadCpuMs — the shards loaded by address — and cronWriteCpuMs — the write, with the shards it loads itself), cronReadCpuMs / cronReadBytes (the update read before
 *   it on a cold isolate: the routable part, fetched and decoded), cronWarmReadCpuMs (the same on the isolate's
 *   routable graph, as the cron runs once warm), cronLoadedBytes (the other shards the update loaded), cronPoolsHeld
 *   and cronHeapMB (what the cron's graph held, and the heap it retained beyond the isolate's routable graph),
 *   shardsWritten, reloadMs (a reader holding the previous routable graph fetching the changed
 *   shards), routabilityFullCpuMs (reference prices and routability over every pool, as the indexer does every
 *   `ROUTABILITY_REPRICE_MS`), foreignLoadedBytes / foreignLoadCpuMs / foreignHeapMB (a pass whose logs name
 *   FOREIGN_POOLS pools of other factories — default 1,000, about a minute of Ethereum's Uniswap-V2-like forks — each
 *   loading the `x` shard its address selects to find it is not indexed).
 * Targets at Ethereum size (issue 17): largest value ≤ 1 MB, heap ≤ 64 MB, quote p50 ≤ 2 ms, p99 ≤ 10 ms, block
 * update ≤ 200 ms. Nothing asserts; it prints what the code does.
 */
import { Worker } from "node:worker_threads";
import {
  chains, createRoutingGraphCache, redisKeys, memoryGraphKv, referenceUsdPrices, routablePools, shardedGraphStore,
} from "@sluice/core";
import { generateMainnetLikeGraph, seededRandom } from "@sluice/testkit";
import type { Address } from "viem";
import type { ScaleCronWorkerData, ScaleCronWorkerResult } from "./scaleCronWorker.js";
import type { ScaleQuoteWorkerData, ScaleQuoteWorkerResult } from "./scaleQuoteWorker.js";

const QUERIES = Number(process.env.QUERIES ?? 200);
/** Pools of other factories a pass's logs name (see foreign* below). */
const FOREIGN_POOLS = Number(process.env.FOREIGN_POOLS ?? 1_000);
const SIZES: Record<string, { v2Pools: number; v3Pools: number; tokens: number }> = {
  "10k": { v2Pools: 9_000, v3Pools: 1_000, tokens: 4_000 },
  "50k": { v2Pools: 45_000, v3Pools: 5_000, tokens: 30_000 },
  ethereum: { v2Pools: 400_000, v3Pools: 40_000, tokens: 350_000 },
};
const wanted = (process.env.SIZES ?? "10k,50k,ethereum").split(",");
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (n: number) => Math.round(n * 100) / 100;
const cpuMs = (since: NodeJS.CpuUsage) => { const c = process.cpuUsage(since); return (c.user + c.system) / 1000; };

for (const size of wanted) {
  const spec = SIZES[size];
  if (!spec) throw new Error(`unknown size ${size}`);
  const { graph, nonStandard } = generateMainnetLikeGraph({ ...spec, seed: 7 });
  const threshold = chains[graph.chain].routableLiquidityUsd;
  const isRoutableToken = (t: { address: Address }) => !nonStandard.has(t.address);
  const fullStarted = process.cpuUsage();
  const prices = referenceUsdPrices({ graph });
  const routable = routablePools({ graph, minLiquidityUsd: threshold, isRoutableToken, prices });
  const routabilityFullCpuMs = cpuMs(fullStarted);

  // The cron's first write: every shard.
  const kv = memoryGraphKv();
  const writer = shardedGraphStore(kv);
  await writer.write(graph, { routable });
  let encodedBytes = 0;
  let largestValueBytes = 0;
  for (const v of kv.values.values()) {
    const bytes = Buffer.byteLength(v);
    encodedBytes += bytes;
    largestValueBytes = Math.max(largestValueBytes, bytes);
  }

  // An isolate loads the routable graph (its own store object, as in another isolate) and builds the router index.
  const reader = shardedGraphStore(kv);
  const routingGraphs = createRoutingGraphCache();
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const loadStarted = performance.now();
  const held = (await reader.readRoutable(graph.chain))!;
  const loaded = held.graph;
  routingGraphs.of(loaded);
  const loadMs = performance.now() - loadStarted;
  gc();
  const heapMB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

  // Quotes in an isolate of their own (a worker thread with only the routable graph in its heap).
  const { samples, cpuSamples, tried } = await inWorker<ScaleQuoteWorkerData, ScaleQuoteWorkerResult>("./scaleQuoteWorker.ts", { chain: graph.chain, values: [...kv.values], queries: QUERIES });
  samples.sort((a, b) => a - b);
  cpuSamples.sort((a, b) => a - b);

  // One block with 200 changed pools (a third of them routable, the rest drawn from all pools), as the cron runs it,
  // in an isolate of its own (a worker thread holding what the cron holds: `scaleCronWorker.ts`).
  const pick = seededRandom(5);
  const all = [...graph.pools.keys()];
  const routableList = [...routable];
  const changedPools = new Set<Address>();
  while (changedPools.size < 200) changedPools.add(changedPools.size % 3 === 0 ? routableList[Math.floor(pick() * routableList.length)]! : all[Math.floor(pick() * all.length)]!);
  const cron = await inWorker<ScaleCronWorkerData, ScaleCronWorkerResult>("./scaleCronWorker.ts", {
    chain: graph.chain, values: [...kv.values], prices: [...prices], routable: routableList, minLiquidityUsd: threshold, nonStandard: [...nonStandard],
    changedPools: [...changedPools], changedTokens: [...changedPools].flatMap((a) => [graph.pools.get(a)!.token0, graph.pools.get(a)!.token1]),
    foreignPools: Array.from({ length: FOREIGN_POOLS }, () => `0x${Array.from({ length: 40 }, () => Math.floor(pick() * 16).toString(16)).join("")}` as Address),
  });

  console.log(JSON.stringify({
    size, poolsIndexed: graph.pools.size, poolsRoutable: routable.size, tokens: graph.tokens.size, tokensRoutable: loaded.tokens.size,
    routableLiquidityUsd: threshold, encodedBytes, largestValueBytes, shards: [...kv.values.keys()].filter((k) => k.includes(":shard:") && !k.includes(":shard:xl:")).length,
    manifestBytes: kv.values.get(redisKeys.graph(graph.chain))!.length,
    xListBytes: JSON.stringify((await writer.readManifest(graph.chain))!.shards.x).length,
    heapMB: round(heapMB), loadMs: round(loadMs), quoteP50Ms: round(percentile(samples, 50)), quoteP99Ms: round(percentile(samples, 99)),
    quoteCpuP50Ms: round(percentile(cpuSamples, 50)), quoteCpuP99Ms: round(percentile(cpuSamples, 99)), quotesRouted: `${samples.length}/${tried}`, blockUpdateCpuMs: round(cron.blockUpdateCpuMs), routabilityCpuMs: round(cron.routabilityCpuMs), cronLoadCpuMs: round(cron.cronLoadCpuMs), cronWriteCpuMs: round(cron.cronWriteCpuMs), routabilityFullCpuMs: round(routabilityFullCpuMs),
    shardsWritten: cron.shardsWritten, bytesWritten: cron.bytesWritten, reloadMs: round(cron.reloadMs),
    foreignPools: FOREIGN_POOLS, foreignLoadedBytes: cron.foreignLoadedBytes, foreignLoadCpuMs: round(cron.foreignLoadCpuMs), foreignHeapMB: round(cron.foreignHeapMB),
    cronReadCpuMs: round(cron.cronReadCpuMs), cronWarmReadCpuMs: round(cron.cronWarmReadCpuMs), cronReadBytes: cron.cronReadBytes, cronLoadedBytes: cron.cronLoadedBytes, cronPoolsHeld: cron.cronPoolsHeld, cronHeapMB: round(cron.cronHeapMB),
  }));
}

/** Runs a worker thread of its own (a V8 heap, as an isolate has) on `data` and answers the one message it posts. */
function inWorker<D, R>(module: string, data: D): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    // Workers do not inherit the TypeScript loader: the worker registers it, then imports its module.
    const entry = new URL(module, import.meta.url).href;
    const worker = new Worker(`import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, {
      eval: true, workerData: data,
    });
    worker.once("message", (result: R) => { resolve(result); void worker.terminate(); });
    worker.once("error", reject);
  });
}
