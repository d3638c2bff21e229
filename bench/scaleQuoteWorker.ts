/**
 * `scale.ts`'s quoting isolate: a worker thread (its own V8 heap) that holds only the routable graph, as a Workers
 * isolate does, so the quote figures are not distorted by the benchmark's own 440k-pool universe in the main heap
 * (its garbage collections would pause every quote). It loads the routable shards it is handed, builds the router
 * index and times random quotes; it posts back the samples.
 */
import { parentPort, workerData } from "node:worker_threads";
import {
  assembleQuote, createRoutingGraphCache, findFreshRoute, isListedToken, memoryGraphKv, shardedGraphStore, type ChainName, type FindFreshRouteReturnType,
} from "@sluice/core";
import { seededRandom } from "@sluice/testkit";
import type { Address } from "viem";

export type ScaleQuoteWorkerData = { chain: ChainName; values: [string, string][]; queries: number };
export type ScaleQuoteWorkerResult = { loadMs: number; samples: number[]; cpuSamples: number[]; tried: number };

const { chain, values, queries } = workerData as ScaleQuoteWorkerData;
const cpuMs = (since: NodeJS.CpuUsage) => { const c = process.cpuUsage(since); return (c.user + c.system) / 1000; };

const kv = memoryGraphKv();
for (const [k, v] of values) kv.values.set(k, v);
const routingGraphs = createRoutingGraphCache();
const loadStarted = performance.now();
const loaded = (await shardedGraphStore(kv).readRoutable(chain))!.graph;
routingGraphs.of(loaded);
const loadMs = performance.now() - loadStarted;

const listed = (t: Address) => isListedToken(loaded, chain, t);
const tokens = [...loaded.tokens.values()];
const random = seededRandom(11);
const samples: number[] = [];
const cpuSamples: number[] = [];
let tried = 0;
for (let i = 0; i < queries; i++) {
  const from = tokens[Math.floor(random() * tokens.length)]!;
  const to = tokens[Math.floor(random() * tokens.length)]!;
  if (from.address === to.address) continue;
  tried++;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  try {
    const { route } = findFreshRoute({ graph: loaded, routingGraphs, tokenIn: from.address, tokenOut: to.address, amountIn: 10n ** BigInt(from.decimals), canHop: listed }) as FindFreshRouteReturnType;
    assembleQuote({ graph: loaded, chain, tokenIn: { ...from, listed: true }, tokenOut: { ...to, listed: true }, route, gaslessMinimumUsd: "20",
      executor: null, withPermit: false, nowSeconds: 1_800_000_000, slippageBps: 5, block: loaded.block, poolsRefreshed: 0 });
    samples.push(performance.now() - started);
    cpuSamples.push(cpuMs(cpuStarted));
  } catch {
    // no route of at most 3 hops through listed tokens between these two: not a quote
  }
}
parentPort!.postMessage({ loadMs, samples, cpuSamples, tried } satisfies ScaleQuoteWorkerResult);
