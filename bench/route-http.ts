/**
 * HTTP throughput of POST /api/v1/route beside a trivial route, measured in the same run against the local stack:
 * `pnpm tsx bench/route-http.ts` (env: DURATION_S per endpoint, default 10; CONCURRENCY, default 16; HEAD_MAX_AGE_MS,
 * the chains' head freshness for quotes, default 2000 as on base — 0 reads the head on every quote; HOST=node, the Node
 * host instead of workerd).
 *
 * Starts its own stack (Postgres, Redis, devnet with the default scenario, every worker in workerd on 127.0.0.1,
 * no fault proxies), warms both endpoints, then drives each with the same bounded closed-loop load: CONCURRENCY
 * clients, each sending its next request when the previous answered, for DURATION_S seconds. GET /api/v1/ping goes
 * through the same gateway to the same swap worker and does nothing, so the ratio route ÷ ping is the cost of
 * authentication, rate limiting and quoting. Prints requests/s, p50/p99 latency, the ratio, and the per-stage
 * breakdown the answers' Server-Timing headers report (auth — the key and its rate limit, one Redis round trip —, graph, block, route, total); asserts nothing.
 *
 * Operations are counted, not estimated: the stack runs with `countOperations` (Redis commands at the REST bridge,
 * RPC calls at a JSON-RPC counting proxy before each chain, Postgres statements at a wire-protocol counting proxy)
 * and no webhook ticker, so every count is the load's own. /route is driven twice: on a block already seen (no block
 * is mined) and across new blocks (a block mined every BLOCK_MS through the chain's own URL, default 2000 as on base).
 * Per phase it prints Redis commands, RPC calls and Postgres statements per request, workerd CPU ms per request
 * (every workerd process of the stack: an upper bound of billed Workers CPU) and the cost per million quotes at the
 * list prices of `listPrices.ts` (each overridable by env). Last (PROFILE=0 skips it), one more /route phase on a seen
 * block with workerd's sampling profiler on the swap worker and the gateway prints each one's top self-time functions.
 */
import { rmSync } from "node:fs";
import { freePort, startStack } from "../packages/stack/src/index.js";
import { dropDatabase } from "../packages/admin/src/index.js";
import { leaseRedisDatabase } from "@sluice/testkit";
import { diffOperationCounts, type OperationCounts } from "../packages/stack/src/counting/index.js";
import { costPerMillionQuotes } from "./costPerMillionQuotes.js";
import { readListPrices } from "./listPrices.js";
import { workerdCpuMs } from "./workerdCpuMs.js";
import { diffProcessCpuMs, formatMachineCpu, processCpuMs, wranglerProcessName } from "./processCpuMs.js";
import { startCpuProfile } from "./cpuProfile.js";
import { serverTimingStages } from "./serverTimingStages.js";

const DURATION_S = Number(process.env.DURATION_S ?? 10);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const BLOCK_MS = Number(process.env.BLOCK_MS ?? 2_000);
const prices = readListPrices();
/**
 * The workers the profiled phase samples (`PROFILE_WORKERS`, comma-separated; the reporting worker writes the quotes'
 * usage events after the answers). Each attached profiler slows the shared process: profile one to see it clearly.
 */
const PROFILED_WORKERS = (process.env.PROFILE_WORKERS ?? "sluice-swap,sluice-gateway,sluice-reporting").split(",");

type Load = { label: string; send: () => Promise<Response> };

/** Per stage of the answers' Server-Timing: every sample of the current phase. */
const stages = serverTimingStages();

/** Per request of a phase: what the proxies counted, workerd's CPU, and the cost per million at list prices. */
function printOperations(counts: OperationCounts, requests: number, cpuMs: number, blocks?: number) {
  const per = (n = 0) => (n / requests).toFixed(3);
  const byName = (area?: { byName: Record<string, number> }) =>
    Object.entries(area?.byName ?? {}).sort((a, b) => b[1] - a[1]).map(([name, n]) => `${name} ${per(n)}`).join(", ") || "none";
  const { redis, rpc, postgres } = counts;
  console.log(`    per request: redis ${per(redis?.total)} commands (${byName(redis)}) in ${per(redis?.roundTrips)} round trips`);
  console.log(`                 rpc ${per(rpc?.total)} calls (${byName(rpc)})${blocks ? `, ${((rpc?.total ?? 0) / Math.max(1, blocks)).toFixed(2)} per block over ${blocks} blocks` : ""}`);
  console.log(`                 postgres ${per(postgres?.total)} statements (${per(counts["postgres-writes"]?.total)} writes)  workerd CPU ${per(cpuMs)} ms`);
  const rpcByMethod = Object.fromEntries(Object.entries(rpc?.byName ?? {}).map(([m, n]) => [m, n / requests]));
  const cost = costPerMillionQuotes({ prices, redisCommands: (redis?.total ?? 0) / requests, rpcCallsByMethod: rpcByMethod, postgresStatements: (postgres?.total ?? 0) / requests, cpuMs: cpuMs / requests });
  const usd = (x: number) => `$${x.toFixed(2)}`;
  console.log(`    cost per million: ${usd(cost.total)} = requests ${usd(cost.workersRequests)} + CPU ${usd(cost.workersCpu)} + redis ${usd(cost.redis)} + rpc ${usd(cost.rpc)} + postgres ${usd(cost.postgres)}`);
}

/** The whole machine's CPU per request by process name (the load generator, the REST bridge, Postgres, Redis too). */
async function drive({ label, send }: Load, during?: () => () => Promise<number>) {
  const countsBefore = stack.operationCounts!();
  const cpuBefore = workerdCpuMs();
  const machineBefore = processCpuMs(wranglerProcessName);
  const stopSideLoad = during?.();
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + DURATION_S * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const response = await send();
      await response.arrayBuffer();
      stages.record(response.headers.get("Server-Timing"));
      if (!response.ok) failures++;
      latencies.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  const blocks = stopSideLoad ? await stopSideLoad() : undefined;
  const counts = diffOperationCounts(countsBefore, stack.operationCounts!());
  const cpuMs = workerdCpuMs() - cpuBefore;
  const machine = diffProcessCpuMs(machineBefore, processCpuMs(wranglerProcessName));
  latencies.sort((a, b) => a - b);
  const rps = latencies.length / seconds;
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(`  ${label.padEnd(22)} ${rps.toFixed(0).padStart(6)} req/s  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms  (${latencies.length} requests, ${failures} non-2xx)`);
  stages.print();
  printOperations(counts, latencies.length, cpuMs, blocks);
  console.log(`    machine CPU per request: ${formatMachineCpu(machine, latencies.length)}`);
  return { rps, requests: latencies.length };
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
  // `HOST=node` runs the workers in the Node host instead (no REST bridge: Redis is not counted there).
  host: process.env.HOST === "node" ? "node" : "workerd",
  countOperations: true,
  webhookTicker: false,
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
  const { rps: pingRps } = await drive(ping);
  const { rps: routeRps } = await drive({ ...route, label: "POST /api/v1/route (seen block)" });
  // New blocks: mined through the chain's own URL (not the counting proxy), every BLOCK_MS during the load.
  const mining = () => {
    let mined = 0;
    const rpcUrl = stack.manifest.chains.base.rpcUrl;
    const timer = setInterval(() => {
      void fetch(rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_mine", params: [] }) })
        .then(() => { mined++; }, () => {});
    }, BLOCK_MS);
    return async () => { clearInterval(timer); return mined; };
  };
  const { rps: newBlocksRps } = await drive({ ...route, label: `POST /api/v1/route (a block every ${BLOCK_MS} ms)` }, mining);
  if (process.env.PROFILE !== "0") {
    const profiles = await Promise.all(PROFILED_WORKERS.map((worker) => startCpuProfile({ worker }).catch((error: Error) => error)));
    const { requests } = await drive({ ...route, label: "POST /api/v1/route (profiled, seen block)" });
    for (const [i, worker] of PROFILED_WORKERS.entries()) {
      const started = profiles[i]!;
      const profile = started instanceof Error ? started : await started.stop().catch((error: Error) => error);
      if (profile instanceof Error) { console.log(`  profile of ${worker}: unavailable (${profile.message})`); continue; }
      // Shares of the isolate's samples, not CPU: workerd runs every worker of the process on shared threads, and
      // the two profiles together sample more time than the process spent on CPU (compare `workerd CPU` above).
      console.log(`  top self time in the ${worker} worker (${profile.sampledMs.toFixed(0)} ms sampled, ${profile.idleMs.toFixed(0)} idle, over ${requests} requests):`);
      for (const line of profile.top) console.log(`    ${(line.share * 100).toFixed(1).padStart(5)}%  ${line.selfMs.toFixed(0).padStart(6)} ms  ${line.name}`);
    }
  }
  console.log(`  route / ping throughput ratio: ${(routeRps / pingRps).toFixed(3)} on a seen block (${(pingRps / routeRps).toFixed(1)}× slower), ${(newBlocksRps / pingRps).toFixed(3)} across new blocks`);
} finally {
  await stack.stop();
  await redis.release();
  if (!process.env.BENCH_DATABASE_URL) await dropDatabase(stack.databaseUrl).catch(() => {});
  rmSync(stack.stateDir, { recursive: true, force: true });
}
