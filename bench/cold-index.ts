/**
 * A cold index end to end on a large devnet chain, the way the swap cron runs it: `pnpm tsx bench/cold-index.ts`
 * (env: POOLS, default 20,000; TOKENS, default POOLS / 5; V3_SHARE, default 0.5; MAX_SUBREQUESTS, the per-invocation
 * budget, default 500 as in production; MAX_MS, default 20,000; MAX_LOGS, the logs a slice holds, default the indexer's).
 *
 * Seeds `base` with a generated graph of POOLS pools, then calls `advanceIndex` invocation after invocation with a
 * fresh budget each time (as each cron run has), until the chain's graph is ready. Prints the seeding time, the cold
 * index's wall time, the number of invocations (each is one cron run: a minute apart in production), slices, the
 * subrequests each invocation spent (min / p50 / max), the largest value stored (the graph being built: its segments
 * and manifest, the progress, the ready graph's shards and manifest), how many values the graph being built had at its
 * largest and its total size, and the graph's pool count. Asserts nothing.
 *
 * Run with `node --expose-gc --import tsx bench/cold-index.ts` and it also prints the live heap an invocation needs
 * at its peak (collected every 250 ms during each invocation, less what was live before it: the held devnet manifest
 * and the stored values; the values the stores hold stand in for Redis and are not counted), the memory a cron isolate
 * must have for the graph being built, and that per pool.
 */
import { startDevnet } from "../packages/devnet/src/index.js";
import { advanceIndex } from "../packages/core/src/indexer/advanceIndex.js";
import { chainIndexSourceFromEnv } from "../packages/core/src/indexer/chainIndexSourceFromEnv.js";
import { createGraphCache } from "../packages/core/src/indexer/graphCache.js";
import { memoryGraphKv } from "../packages/core/src/indexer/memoryGraphKv.js";
import { shardedGraphStore } from "../packages/core/src/indexer/shardedGraphStore.js";
import { createIndexBudget } from "../packages/core/src/indexer/indexBudget.js";
import { memoryIndexProgressStore } from "../packages/core/src/indexer/indexProgressStore.js";
import { staticTokenQuality } from "../packages/core/src/indexer/tokenQuality.js";

const POOLS = Number(process.env.POOLS ?? 20_000);
const TOKENS = Number(process.env.TOKENS ?? Math.round(POOLS / 5));
const V3_SHARE = Number(process.env.V3_SHARE ?? 0.5);
const MAX_SUBREQUESTS = Number(process.env.MAX_SUBREQUESTS ?? 500);
const MAX_MS = Number(process.env.MAX_MS ?? 20_000);
/** Logs one slice holds at most (`maxLogsPerSlice`); default the indexer's `INDEX_MAX_LOGS_PER_PASS`. */
const MAX_LOGS = process.env.MAX_LOGS === undefined ? undefined : Number(process.env.MAX_LOGS);
const gc = (globalThis as { gc?: () => void }).gc;

/** What the stores' values weigh in this heap (they stand in for Redis, which an isolate does not hold); set below. */
let storedBytes = () => 0;

/** Live heap (bytes) after a full collection, less the stored values; undefined without --expose-gc. */
function liveHeap(): number | undefined {
  if (!gc) return undefined;
  gc();
  return process.memoryUsage().heapUsed - storedBytes();
}

/** Runs `work`, sampling the live heap every 250 ms; answers its result and the peak above the live heap before it. */
async function withPeakHeap<T>(work: () => Promise<T>): Promise<{ result: T; peakBytes?: number }> {
  const before = liveHeap();
  if (before === undefined) return { result: await work() };
  let peak = before;
  const timer = setInterval(() => { peak = Math.max(peak, liveHeap()!); }, 250);
  try {
    const result = await work();
    return { result, peakBytes: peak - before };
  } finally {
    clearInterval(timer);
  }
}

const t0 = performance.now();
const devnet = await startDevnet({
  basePort: 0,
  scenario: { name: "bench-cold-index", chains: { base: { generate: { tokens: TOKENS, pools: POOLS, v3Share: V3_SHARE, seed: 7 } } } },
});
try {
  const m = devnet.manifest.chains.base;
  console.log(`seeded ${m.pools.length} pools, ${m.tokens.length} tokens on base in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const env = { SLUICE_CHAINS: JSON.stringify({ base: { rpcUrl: m.rpcUrl, executor: m.executor, relayers: m.relayers, uniswapV2Factory: m.uniswapV2Factory, uniswapV3Factory: m.uniswapV3Factory } }) };
  const quality = staticTokenQuality({ base: Object.fromEntries(m.tokens.map((t) => [t.address.toLowerCase(), t.quality])) });
  // Both stores on maps whose values are what Redis would hold, so every stored value can be measured.
  const progressKv = memoryGraphKv();
  const graphKv = memoryGraphKv();
  const progress = memoryIndexProgressStore({ kv: progressKv });
  storedBytes = () => {
    let bytes = 0;
    for (const kv of [progressKv, graphKv]) for (const [key, value] of kv.values) bytes += key.length + value.length;
    return bytes;
  };
  const plain = chainIndexSourceFromEnv(env, "base", shardedGraphStore(graphKv), createGraphCache(), quality, progress);
  // Where an invocation's live heap stands (above its start) after it read the graph being built, before the ready
  // graph's write, and at the write's peak: what the invocation that completes the index holds, and when.
  let invocationStart = 0;
  let marks: Record<string, number> = {};
  const mark = (name: string, bytes = liveHeap()) => { if (bytes !== undefined) marks[name] = Math.max(marks[name] ?? 0, bytes - invocationStart); };
  const source = {
    ...plain,
    store: {
      ...plain.store,
      write: async (...args: Parameters<typeof plain.store.write>) => {
        mark("beforeWrite");
        const { result, peakBytes } = await withPeakHeap(() => plain.store.write(...args));
        if (peakBytes !== undefined) marks.writePeak = Math.max(marks.writePeak ?? 0, (marks.beforeWrite ?? 0) + peakBytes);
        return result;
      },
    },
    progress: {
      ...plain.progress,
      readPartial: async (...args: Parameters<typeof plain.progress.readPartial>) => {
        const read = await plain.progress.readPartial(...args);
        mark("afterRead");
        return read;
      },
    },
  };
  const spent: number[] = [];
  let slices = 0;
  let largestPartialValue = 0;
  let partialValues = 0;
  let partialBytes = 0;
  const peaks: number[] = [];
  const phases: string[] = [];
  const t1 = performance.now();
  for (;;) {
    const budget = createIndexBudget({ maxSubrequests: MAX_SUBREQUESTS, maxMs: MAX_MS });
    marks = {};
    invocationStart = liveHeap() ?? 0;
    const { result, peakBytes } = await withPeakHeap(() => advanceIndex({ ...source, budget, maxLogsPerSlice: MAX_LOGS }));
    if (peakBytes !== undefined) console.log(`invocation ${spent.length + 1} (${result.progress.phase}): peak ${mb(peakBytes)} MB; ${Object.entries(marks).map(([k, v]) => `${k} ${mb(v)} MB`).join(", ")}`);
    if (peakBytes !== undefined) peaks.push(peakBytes);
    phases.push(result.progress.phase);
    spent.push(budget.spent);
    slices += result.slices;
    let values = 0;
    let bytes = 0;
    for (const value of progressKv.values.values()) {
      largestPartialValue = Math.max(largestPartialValue, value.length);
      values++;
      bytes += value.length;
    }
    if (bytes > partialBytes) [partialValues, partialBytes] = [values, bytes];
    if (result.graph && result.progress.phase === "ready") {
      const manifest = await source.store.readManifest("base");
      const largestShard = Math.max(0, ...(manifest ? [...manifest.shards.r, ...manifest.shards.x].map(([, bytes]) => bytes) : []));
      const largestGraphValue = Math.max(0, ...[...graphKv.values.values()].map((v) => v.length));
      const sorted = [...spent].sort((a, b) => a - b);
      console.log(JSON.stringify({
        pools: m.pools.length, poolsIndexed: result.graph.pools.size, poolsRoutable: result.routable?.pools.size ?? null,
        coldIndexSeconds: Number(((performance.now() - t1) / 1000).toFixed(1)), invocations: spent.length, slices,
        subrequestsPerInvocation: { min: sorted[0], p50: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) },
        budget: { maxSubrequests: MAX_SUBREQUESTS, maxMs: MAX_MS },
        largestPartialValueBytes: largestPartialValue, partialGraphAtLargest: { values: partialValues, bytes: partialBytes },
        largestShardBytes: largestShard, largestGraphStoreValueBytes: largestGraphValue,
        largestValueBytes: Math.max(largestPartialValue, largestGraphValue),
        ...(peaks.length ? {
          invocationPeakHeapMB: { p50: mb([...peaks].sort((a, b) => a - b)[Math.floor(peaks.length / 2)]!), max: mb(Math.max(...peaks)) },
          peakHeapMBByInvocation: peaks.map((bytes, i) => `${phases[i]} ${mb(bytes)}`),
          invocationPeakHeapBytesPerPool: Math.round(Math.max(...peaks) / m.pools.length),
        } : {}),
      }));
      break;
    }
  }
} finally {
  await devnet.stop();
}

function mb(bytes: number): number {
  return Number((bytes / 1_048_576).toFixed(1));
}
