/**
 * Token list benchmark: `pnpm tsx bench/tokens.ts [--url http://127.0.0.1:8787] [--requests 2000] [--concurrency 1]`.
 * Against a running stack (`--url`), or else it starts one of its own (fresh database, leased Redis db, devnet on
 * free ports) and stops it at the end. It warms each chain's list (indexing on the spot if needed), then sends a
 * bounded number of requests per chain to GET /api/v1/tokens — answered from the list cached in Redis — and prints
 * the response time (p50, p90, p99, max) seen by the client, plus the share of answers that were the fallback.
 */
import { parseArgs } from "node:util";
import { rmSync } from "node:fs";
import { freePort, startStack } from "@sluice/stack";
import { dropDatabase } from "@sluice/admin";
import { leaseRedisDatabase } from "@sluice/testkit";

const chainNames = ["base", "ethereum", "arbitrum", "polygon"] as const;
const { values } = parseArgs({
  options: {
    url: { type: "string" },
    requests: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "1" },
  },
});
const requests = Math.min(Math.max(Number(values.requests), 1), 100_000);
const concurrency = Math.min(Math.max(Number(values.concurrency), 1), 64);

let stop: () => Promise<void> = async () => {};
let baseUrl = values.url?.replace(/\/$/, "");
if (!baseUrl) {
  const redis = await leaseRedisDatabase();
  console.log("starting a stack…");
  const stack = await startStack({
    name: `bench_tokens_${process.pid}`, redisUrl: redis.url, redisDatabase: Number(new URL(redis.url).pathname.slice(1)),
    port: await freePort(), sandboxPort: await freePort(), freshDatabase: true, devnet: { basePort: 0 },
  });
  baseUrl = stack.baseUrl;
  stop = async () => {
    await stack.stop();
    await redis.release();
    await dropDatabase(stack.databaseUrl).catch(() => {});
    rmSync(stack.stateDir, { recursive: true, force: true });
  };
}
if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(baseUrl)) throw new Error(`--url must be http://127.0.0.1:<port>, not ${baseUrl}`);

async function get(path: string): Promise<{ ms: number; source: string; status: number }> {
  const started = performance.now();
  const response = await fetch(baseUrl + path);
  const body = (await response.json()) as { source?: string };
  return { ms: performance.now() - started, source: body.source ?? "?", status: response.status };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  for (const chain of chainNames) {
    const path = `/api/v1/tokens?chain=${chain}`;
    const deadline = Date.now() + 120_000;
    while ((await get(path)).source !== "indexed") {
      if (Date.now() > deadline) throw new Error(`${chain}: the list never came from the indexed graph`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    for (let i = 0; i < 20; i++) await get(path); // warm the connection and the isolate
    const times: number[] = [];
    let fallbacks = 0;
    let next = 0;
    const worker = async () => {
      while (next < requests) {
        next++;
        const result = await get(path);
        if (result.status !== 200) throw new Error(`${chain}: answered ${result.status}`);
        if (result.source !== "indexed") fallbacks++;
        times.push(result.ms);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    console.log(`${chain.padEnd(8)} ${times.length} requests, concurrency ${concurrency}: p50 ${percentile(times, 50).toFixed(2)} ms, ` +
      `p90 ${percentile(times, 90).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms, ` +
      `${(times.length / seconds).toFixed(0)} req/s, fallback ${fallbacks}`);
  }
} finally {
  await stop();
}
