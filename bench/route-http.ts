/**
 * HTTP throughput of POST /api/v1/route beside a trivial route, measured in the same run against the local stack:
 * `pnpm tsx bench/route-http.ts` (env: DURATION_S per endpoint, default 10; CONCURRENCY, default 16; HEAD_MAX_AGE_MS,
 * the chains' head freshness for quotes, default 2000 as on base — 0 reads the head on every quote).
 *
 * Starts its own stack (Postgres, Redis, devnet with the default scenario, every worker in workerd on 127.0.0.1,
 * no fault proxies), warms both endpoints, then drives each with the same bounded closed-loop load: CONCURRENCY
 * clients, each sending its next request when the previous answered, for DURATION_S seconds. GET /api/v1/ping goes
 * through the same gateway to the same swap worker and does nothing, so the ratio route ÷ ping is the cost of
 * authentication, rate limiting and quoting. Prints requests/s, p50/p99 latency, the ratio, and the per-stage
 * breakdown the answers' Server-Timing headers report (auth — the key and its rate limit, one Redis round trip —, graph, block, route, total); asserts nothing.
 */
import { rmSync } from "node:fs";
import { freePort, startStack } from "../packages/stack/src/index.js";
import { dropDatabase } from "../packages/admin/src/index.js";
import { leaseRedisDatabase } from "@sluice/testkit";

const DURATION_S = Number(process.env.DURATION_S ?? 10);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);

type Load = { label: string; send: () => Promise<Response> };

/** Per stage of the answers' Server-Timing (auth — the key and its rate limit, one Redis round trip —, graph, block, route, total): every sample, in ms. */
const stages = new Map<string, number[]>();

function recordServerTiming(header: string | null) {
  for (const entry of (header ?? "").split(",")) {
    const [name, ...params] = entry.trim().split(";");
    const dur = params.find((x) => x.trim().startsWith("dur="));
    if (!name || !dur) continue;
    const list = stages.get(name) ?? [];
    list.push(Number(dur.trim().slice(4)));
    stages.set(name, list);
  }
}

function printStages() {
  for (const [name, samples] of stages) {
    samples.sort((a, b) => a - b);
    const q = (x: number) => samples[Math.min(samples.length - 1, Math.floor(x * samples.length))]!.toFixed(1);
    console.log(`    stage ${name.padEnd(10)} p50 ${q(0.5).padStart(6)} ms  p99 ${q(0.99).padStart(6)} ms`);
  }
  stages.clear();
}

async function drive({ label, send }: Load) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + DURATION_S * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const response = await send();
      await response.arrayBuffer();
      recordServerTiming(response.headers.get("Server-Timing"));
      if (!response.ok) failures++;
      latencies.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const rps = latencies.length / seconds;
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(`  ${label.padEnd(22)} ${rps.toFixed(0).padStart(6)} req/s  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms  (${latencies.length} requests, ${failures} non-2xx)`);
  printStages();
  return rps;
}

const redis = process.env.REDIS_URL ? { url: process.env.REDIS_URL, release: async () => {} } : await leaseRedisDatabase();
const stack = await startStack({
  name: `bench_${process.pid}`,
  databaseUrl: process.env.BENCH_DATABASE_URL,
  redisUrl: redis.url,
  redisDatabase: Number(new URL(redis.url).pathname.slice(1) || 0),
  port: await freePort(),
  sandboxPort: await freePort(),
  freshDatabase: true,
  devnet: { basePort: 0 },
  // A real chain's freshness contract (base: 2 s), so quotes on a block already seen share its head.
  headMaxAgeMs: Number(process.env.HEAD_MAX_AGE_MS ?? 2_000),
  log: (line) => console.log(`[stack] ${line}`),
});
try {
  // A key whose rate limit is far above what the run can send (the default would answer 429 within seconds).
  const issued = await fetch(`${stack.baseUrl}/admin/v1/accounts/demo/keys`, {
    method: "POST", headers: { Authorization: `Bearer ${stack.adminToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ environment: "production", rateLimitPerMinute: 1_000_000 }),
  });
  const key = ((await issued.json()) as { key: string }).key;
  const bodies = [
    { from: "USDC", to: "WETH", amount: "250", chain: "base" },
    { from: "WETH", to: "USDC", amount: "1.5", chain: "base" },
    { from: "DEGEN", to: "WBTC", amount: "100000", chain: "base" },
    { from: "USDC", to: "DAI", amount: "1000", chain: "base" },
  ];
  let i = 0;
  const route: Load = {
    label: "POST /api/v1/route",
    send: () => fetch(`${stack.baseUrl}/api/v1/route`, {
      method: "POST", headers: { "Content-Type": "application/json", "X-Sluice-API-Key": key }, body: JSON.stringify(bodies[i++ % bodies.length]),
    }),
  };
  const ping: Load = { label: "GET /api/v1/ping", send: () => fetch(`${stack.baseUrl}/api/v1/ping`) };
  // warm-up: the first quote indexes the chain; both paths get their isolates and connections
  for (let w = 0; w < 20; w++) {
    await (await route.send()).arrayBuffer();
    await (await ping.send()).arrayBuffer();
  }
  console.log(`\n${CONCURRENCY} concurrent clients, ${DURATION_S} s per endpoint, 127.0.0.1:`);
  const pingRps = await drive(ping);
  const routeRps = await drive(route);
  console.log(`  route / ping throughput ratio: ${(routeRps / pingRps).toFixed(3)} (${(pingRps / routeRps).toFixed(1)}× slower)`);
} finally {
  await stack.stop();
  await redis.release();
  if (!process.env.BENCH_DATABASE_URL) await dropDatabase(stack.databaseUrl).catch(() => {});
  rmSync(stack.stateDir, { recursive: true, force: true });
}
