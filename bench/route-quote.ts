/**
 * Quote compute time per quote, in-process, through the quoting layer: `pnpm tsx bench/route-quote.ts`.
 *
 * Starts a devnet, indexes the chain `base` and times
 *   - compute: route search on the indexed graph + quote assembly (USD value, gasless, permit) — no I/O;
 *   - quoteSwap: the whole quoting function as /solve's re-quote runs it (no shared head: the pools read at the latest
 *     block, with its number, from the node),
 * on (1) the default scenario and (2) a generated graph of 10,000 pools (2,000 tokens, half V3).
 * Prints p50 / p99 / max; asserts nothing.
 */
type Address = `0x${string}`;
import { seededRandom } from "@sluice/testkit";
import { startDevnet } from "../packages/devnet/src/index.js";
import { chainSecretsFromManifest } from "../packages/stack/src/chainSecretsFromManifest.js";
import { chainIndexSourceFromEnv } from "../packages/core/src/indexer/chainIndexSourceFromEnv.js";
import { memoryGraphStore } from "../packages/core/src/indexer/graphStore.js";
import { staticTokenQuality } from "../packages/core/src/indexer/tokenQuality.js";
import { memoryIndexProgressStore } from "../packages/core/src/indexer/indexProgressStore.js";
import { indexUntilReady } from "../packages/core/src/indexer/indexUntilReady.js";
import { createGraphCache } from "../packages/core/src/indexer/graphCache.js";
import { loadGraph } from "../packages/core/src/indexer/loadGraph.js";
import { findFreshRoute } from "../packages/core/src/routing/findFreshRoute.js";
import { createRoutingGraphCache } from "../packages/core/src/routing/routingGraphCache.js";
import { assembleQuote } from "../packages/core/src/quoting/assembleQuote.js";
import { quoteSwap } from "../packages/core/src/quoting/quoteSwap.js";

const QUERIES = Number(process.env.QUERIES ?? 500);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
function report(label: string, samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  console.log(`  ${label.padEnd(34)} n=${s.length}  p50 ${percentile(s, 50).toFixed(2)} ms  p99 ${percentile(s, 99).toFixed(2)} ms  max ${s.at(-1)!.toFixed(2)} ms`);
}

async function run(label: string, scenario: unknown) {
  const t0 = performance.now();
  const devnet = await startDevnet({ basePort: 0, ...(scenario ? { scenario: scenario as never } : {}) });
  try {
    const m = devnet.manifest.chains.base;
    console.log(`${label}: ${m.tokens.length} tokens, ${m.pools.length} pools (seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    // The stack's own chain settings for a devnet (its pools are a scaled-down market: all of them routable). A
    // generated graph has no hub tokens, so no pool of it has a USD value: without a threshold every pool is routable.
    const env = chainSecretsFromManifest(devnet.manifest);
    if (scenario) {
      const chains = JSON.parse(env.SLUICE_CHAINS!) as Record<string, Record<string, unknown>>;
      env.SLUICE_CHAINS = JSON.stringify({ base: { ...chains.base, routableLiquidityUsd: 0 } });
    }
    const source = chainIndexSourceFromEnv(env, "base", memoryGraphStore(), createGraphCache(), staticTokenQuality({}), memoryIndexProgressStore());
    const routingGraphs = createRoutingGraphCache();
    const t1 = performance.now();
    const { invocations } = await indexUntilReady(source);
    const graph = await loadGraph(source);
    console.log(`  indexed ${graph.pools.size} pools from block 0 in ${((performance.now() - t1) / 1000).toFixed(2)} s (${invocations} cron invocations of the default budget)`);

    // Queries: random pairs of tokens that share at least one pool's neighbourhood, random amounts in token units.
    const random = seededRandom(7);
    const tokens = [...graph.tokens.values()].filter((t) => (graph.poolsByToken.get(t.address)?.length ?? 0) > 0);
    const queries: { from: (typeof tokens)[number]; to: (typeof tokens)[number]; units: string }[] = [];
    while (queries.length < QUERIES) {
      const from = tokens[Math.floor(random() * tokens.length)]!;
      const to = tokens[Math.floor(random() * tokens.length)]!;
      if (from.address === to.address) continue;
      queries.push({ from, to, units: String(1 + Math.floor(random() * 100)) });
    }
    const compute: number[] = [];
    const noRoute: number[] = [];
    const whole: number[] = [];
    let routed = 0;
    for (const q of queries) {
      const amountIn = BigInt(q.units) * 10n ** BigInt(q.from.decimals);
      const started = performance.now();
      try {
        const { route } = findFreshRoute({ graph, routingGraphs, tokenIn: q.from.address as Address, tokenOut: q.to.address as Address, amountIn }) as Awaited<ReturnType<typeof findFreshRoute>>;
        assembleQuote({ graph, chain: "base", tokenIn: { ...q.from, listed: true }, tokenOut: { ...q.to, listed: true }, route, gaslessMinimumUsd: "20", executor: m.executor, withPermit: true, nowSeconds: Date.now() / 1000, slippageBps: 5, block: graph.block, poolsRefreshed: 0 });
        routed++;
        compute.push(performance.now() - started);
      } catch {
        noRoute.push(performance.now() - started); // no route between these two: timed apart
      }
    }
    for (const q of queries.slice(0, Math.min(queries.length, 200))) {
      const started = performance.now();
      await quoteSwap({ chain: "base", deployment: source.deployment, source, routingGraphs, from: { token: q.from.address }, to: { token: q.to.address }, amount: q.units }).catch(() => {});
      whole.push(performance.now() - started);
    }
    console.log(`  ${routed}/${queries.length} queries have a route`);
    report("compute (search + assembly)", compute);
    if (noRoute.length > 0) report("compute, pairs without a route", noRoute);
    report("quoteSwap (+ the pools' read at latest)", whole);
  } finally {
    await devnet.stop();
  }
}

if (!process.env.SKIP_DEFAULT) await run("default scenario", undefined);
await run("generated graph", { name: "bench-10k", chains: { base: { generate: { tokens: 2000, pools: 10_000, v3Share: 0.5, seed: 42 } } } });
