/**
 * Token behaviour costs, in-process against a mainnet-like devnet (testkit's `mainnetLikeScenario`, ~330 pools):
 * `pnpm tsx bench/token-behaviour.ts`. Prints
 *   - detectTokenBehaviour: one eth_call per token (every token of the graph);
 *   - quoteSwap WETH → tail token without the behaviour rule, and with it once every token is checked (Redis read,
 *     endpoint checks, the hop check's extra candidate search), p50 / p99;
 *   - the dust predicate's verdicts over every pool.
 * Asserts nothing.
 */
import type { Address } from "viem";
import { mainnetLikeGraph, mainnetLikeScenario, startQuotingTestbed, startTestRedis } from "@sluice/testkit";
import { loadGraph } from "../packages/core/src/indexer/loadGraph.js";
import { quoteSwap } from "../packages/core/src/quoting/quoteSwap.js";
import { isDustPoolPredicate } from "../packages/core/src/quoting/isDustPoolPredicate.js";
import { detectTokenBehaviour } from "../packages/core/src/tokens/behaviour/detectTokenBehaviour.js";
import { refreshTokenBehaviours } from "../packages/core/src/tokens/behaviour/refreshTokenBehaviours.js";

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
const report = (label: string, samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  console.log(`  ${label.padEnd(44)} n=${s.length}  p50 ${pct(s, 50).toFixed(2)} ms  p99 ${pct(s, 99).toFixed(2)} ms`);
};

const [bed, store] = await Promise.all([startQuotingTestbed(mainnetLikeScenario), startTestRedis()]);
try {
  const graph = await loadGraph(bed.source);
  const universe = mainnetLikeGraph().meta;
  console.log(`mainnet-like devnet: ${graph.pools.size} pools, ${graph.tokens.size} tokens`);
  const detect: number[] = [];
  for (const token of graph.tokens.keys()) {
    const t0 = performance.now();
    await detectTokenBehaviour({ client: bed.client, graph, token });
    detect.push(performance.now() - t0);
  }
  report("detectTokenBehaviour (one eth_call)", detect);
  await refreshTokenBehaviours({ redis: store.redis, client: bed.client, graph, limit: 1000 });
  const isDust = isDustPoolPredicate(graph);
  const t0 = performance.now();
  const dust = [...graph.pools.values()].filter((p) => isDust(p)).length;
  console.log(`  dust predicate over every pool: ${dust} of ${graph.pools.size} judged dust (${universe.dustPools.size} generated), ${(performance.now() - t0).toFixed(1)} ms`);

  const tail = [...universe.usdPrice.keys()].filter((a) => !universe.hubs.includes(a) && !universe.oddTokens.has(a)) as Address[];
  const weth = universe.hubs[0]!;
  for (const withRule of [false, true]) {
    const samples: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const to = tail[i % tail.length]!;
      const start = performance.now();
      await quoteSwap({
        chain: "base", deployment: bed.source.deployment, source: bed.source, routingGraphs: bed.routingGraphs, withPermit: false,
        from: { token: weth }, to: { token: to }, amount: "0.1", ...(withRule ? { tokenBehaviour: { redis: store.redis } } : {}),
      }).catch(() => undefined);
      samples.push(performance.now() - start);
    }
    report(`quoteSwap WETH → tail, behaviour rule ${withRule ? "on" : "off"}`, samples);
  }
} finally {
  await bed.stop();
  await store.close();
}
