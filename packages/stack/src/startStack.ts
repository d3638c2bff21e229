import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { createDb } from "@sluice/core";
import { migrateDatabase, recreateDatabase } from "@sluice/admin";
import { startDevnet, type DevnetManifest, type StartDevnetOptions } from "@sluice/devnet";
import { resolvePostgres } from "./postgres/resolvePostgres.js";
import { resolveRedis } from "./redis/resolveRedis.js";
import { forgetChainState } from "./redis/forgetChainState.js";
import { startRedisRestBridge } from "./redisRestBridge/index.js";
import { REPO_ROOT, startWrangler } from "./wrangler/startWrangler.js";
import { prepareGatewayAssets } from "@sluice/worker-gateway/src/prepareGatewayAssets.js";
import { bootstrapDemoAccount, type DemoCredentials } from "./bootstrapDemoAccount.js";
import { chainSecretsFromManifest } from "./chainSecretsFromManifest.js";
import { seedTokenQuality } from "./seedTokenQuality.js";
import { startAcrossApi } from "@sluice/devnet/across/api/startAcrossApi";
import { startFaultControl, startTcpProxy, type FaultProxy } from "./faults/index.js";
import { startNeonWsProxy } from "./neon/startNeonWsProxy.js";
import { startCronTicker } from "./cronTicker.js";
import { startNodeHostProcess } from "./nodeHost/startNodeHostProcess.js";
import { startForkChain, type ForkChain } from "./fork/startForkChain.js";
import { forkedChainSecrets } from "./fork/forkedChainSecrets.js";
import type { ChainName } from "@sluice/core";
import { startIndexTicker } from "./indexTicker.js";
import { createOperationCounter, startPgCountingProxy, startRpcCountingProxy, type OperationCounts } from "./counting/index.js";

export type StartStackParameters = {
  /** Names the stack's database, Redis db, dev registry and state folder: `dev` and `test` never collide. */
  name: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisDatabase: number;
  port: number;
  sandboxPort: number;
  redisBridgePort?: number;
  /** Each chain's head freshness for quotes (`SLUICE_CHAINS.<chain>.headMaxAgeMs`); default 0, the head on every quote. */
  headMaxAgeMs?: number;
  /** Drop and recreate the database first (tests). */
  freshDatabase?: boolean;
  devnet: StartDevnetOptions;
  /**
   * Fork mode: these chains run as anvil forks of the given RPCs (`anvil --fork-url`), with the executor deployed on
   * the fork and configured from the chain registry as a production deployment is; the other chains stay devnet chains.
   */
  forks?: Partial<Record<ChainName, string>>;
  /**
   * Put a TCP proxy between the workers and Postgres, Redis and each chain's RPC, controllable over HTTP, so
   * tests can take a dependency down and bring it back (tests only).
   */
  faultInjection?: boolean;
  /**
   * How the workers reach Postgres: `pg` (TCP, the default) or `neon`, production's serverless driver, over
   * WebSockets through a local WebSocket-to-TCP proxy (one per wrangler process; with `faultInjection` a test can
   * cut it as `neon-ws` / `sandbox-neon-ws`).
   */
  databaseDriver?: "pg" | "neon";
  /**
   * What runs the workers: `workerd` (wrangler dev, the default) or `node`, the Node host (packages/node-host: one
   * process, Redis over TCP through the `redis` proxy, no REST bridge in its path; the sandbox shares the public
   * entry's dependency proxies).
   */
  host?: "workerd" | "node";
  /**
   * Count what the workers ask of their dependencies (benchmarks, tests): Redis commands at the REST bridge, RPC calls
   * at a counting proxy in front of each chain, Postgres statements at a counting proxy (the public entry's only;
   * the sandbox's go direct). Read with `Stack.operationCounts`.
   */
  countOperations?: boolean;
  /**
   * With `countOperations`: every RPC request of the public entry waits this long at its counting proxy (benchmarks:
   * a remote provider's round trip; default 0).
   */
  rpcLatencyMs?: number;
  /** Send the reporting cron's webhook delivery every second (default true; a benchmark counting operations turns it off). */
  webhookTicker?: boolean;
  log?: (line: string) => void;
};

export type Stack = {
  baseUrl: string;
  sandboxUrl: string;
  databaseUrl: string;
  redisUrl: string;
  redisRestUrl: string;
  redisRestToken: string;
  adminToken: string;
  manifest: DevnetManifest;
  /** The forked chains (fork mode): each one's local fork RPC and executor. The manifest's entry for them is unused. */
  forks: { chain: ChainName; rpcUrl: string; executor: string }[];
  /** The local Across API (devnet-only control endpoints under /devnet/). */
  acrossApiUrl: string;
  acrossApiKey: string;
  /** The SLUICE_CHAINS the workers run with (what `pnpm admin doctor` checks). */
  sluiceChains: string;
  demo: DemoCredentials;
  stateDir: string;
  /** The fault proxies' control URL (with `faultInjection`). */
  faultsUrl?: string;
  databaseDriver: "pg" | "neon";
  /** With `countOperations`: the counts so far (Redis area `redis`, `rpc`, `postgres`, `postgres-writes`). */
  operationCounts?: () => OperationCounts;
  stop: () => Promise<void>;
};

/**
 * Starts the whole local stack: storage, the devnet, the public entry with every area worker, and the sandbox.
 * Everything started here is stopped by `stop()` (in reverse order), also when a later step fails.
 */
export async function startStack(params: StartStackParameters): Promise<Stack> {
  const log = params.log ?? (() => {});
  const stateDir = join(REPO_ROOT, ".stack", params.name);
  mkdirSync(stateDir, { recursive: true });
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => { for (const s of stops.reverse()) await s().catch(() => {}); stops.length = 0; };

  try {
    const databaseUrl = await resolvePostgres({ url: params.databaseUrl, database: `sluice_${params.name}` });
    if (params.freshDatabase) await recreateDatabase(databaseUrl);
    await migrateDatabase(databaseUrl);
    log(`postgres   ${redact(databaseUrl)} (migrated)`);

    const redis = await resolveRedis({ url: params.redisUrl, database: params.redisDatabase });
    stops.push(redis.stop);
    await forgetChainState(redis.url);
    const counter = params.countOperations ? createOperationCounter() : undefined;
    const bridge = await startRedisRestBridge({ redisUrl: redis.url, port: params.redisBridgePort ?? 0, counter });
    stops.push(bridge.close);
    log(`redis      ${redis.url} behind the REST bridge at ${bridge.url}`);

    const devnet = await startDevnet({ ...params.devnet, manifestPath: params.devnet.manifestPath ?? join(stateDir, "devnet.json") });
    stops.push(devnet.stop);
    const forks: ForkChain[] = [];
    for (const [chain, forkUrl] of Object.entries(params.forks ?? {}) as [ChainName, string][]) {
      const fork = await startForkChain({ chain, forkUrl, relayers: devnet.manifest.accounts.relayers, log });
      stops.push(fork.stop);
      forks.push(fork);
    }
    const forkOf = (chain: string) => forks.find((f) => f.chain === chain);
    for (const [chain, c] of Object.entries(devnet.manifest.chains)) {
      const fork = forkOf(chain);
      log(fork
        ? `fork       ${chain.padEnd(9)} ${fork.rpcUrl} (fork of ${params.forks![chain as ChainName]}; executor ${fork.executor})`
        : `devnet     ${chain.padEnd(9)} ${c.rpcUrl} (chain id ${c.chainId})`);
    }
    const seeded = await seedTokenQuality({ manifest: devnet.manifest, databaseUrl, redisRestUrl: bridge.url, redisRestToken: bridge.token,
      forkedChains: forks.map((f) => f.chain) });
    log(`quality    ${seeded.updated} token quality scores from the devnet manifest (token_quality)`);

    // With fault injection the workers reach every dependency through a proxy a test can cut.
    const proxies: Record<string, FaultProxy> = {};
    const through = async (name: string, url: string): Promise<string> => {
      if (!params.faultInjection) return url;
      const parsed = new URL(url);
      const proxy = await startTcpProxy({ host: parsed.hostname, port: Number(parsed.port) });
      stops.push(proxy.close);
      proxies[name] = proxy;
      parsed.host = `127.0.0.1:${proxy.port}`;
      return parsed.toString().replace(/\/$/, "");
    };
    // Each wrangler process (public entry, sandbox) has its own proxies, so an outage caused for one never touches
    // the other's connections: `postgres`, `redis`, `rpc-<chain>` for the public entry, the same prefixed `sandbox-`.
    // With counting, the public entry's RPC and Postgres traffic goes through counting proxies first.
    const counted = async (kind: "rpc" | "postgres", url: string): Promise<string> => {
      if (!counter) return url;
      if (kind === "rpc") {
        const proxy = await startRpcCountingProxy({ target: url, counter, latencyMs: params.rpcLatencyMs });
        stops.push(proxy.close);
        return proxy.url;
      }
      const parsed = new URL(url);
      const proxy = await startPgCountingProxy({ target: { host: parsed.hostname, port: Number(parsed.port || 5432) }, counter });
      stops.push(proxy.close);
      parsed.host = `127.0.0.1:${proxy.port}`;
      return parsed.toString();
    };
    const dependencyUrls = async (prefix: string) => {
      const count = prefix === "" ? counted : async (_kind: string, url: string) => url;
      const rpcUrls: Record<string, string> = {};
      for (const [chain, c] of Object.entries(devnet.manifest.chains)) rpcUrls[chain] = await through(`${prefix}rpc-${chain}`, await count("rpc", forkOf(chain)?.rpcUrl ?? c.rpcUrl));
      return {
        DATABASE_URL: await through(`${prefix}postgres`, await count("postgres", databaseUrl)),
        // On the Node host `redis` is its TCP connection's proxy; the REST bridge's is then `redis-rest`.
        REDIS_REST_URL: await through(`${prefix}redis${params.host === "node" ? "-rest" : ""}`, bridge.url),
        ...forkedChainSecrets(chainSecretsFromManifest(devnet.manifest, (chain) => rpcUrls[chain]!, params.headMaxAgeMs), forks,
          (chain) => rpcUrls[chain]!, params.headMaxAgeMs),
      };
    };
    const apiDependencies = await dependencyUrls("");
    const sandboxDependencies = await dependencyUrls("sandbox-");
    // The Node host reaches Redis over TCP, through the proxy a test cuts as `redis`.
    const nodeRedisUrl = params.host === "node" ? await through("redis", redis.url) : undefined;
    // Settings no configuration declares (wrangler passes them through derived configurations: startWrangler).
    const databaseDriver = params.databaseDriver ?? "pg";
    const databaseVars = async (prefix: string): Promise<Record<string, string>> => {
      if (databaseDriver === "pg") return {};
      const proxy = await startNeonWsProxy();
      stops.push(proxy.close);
      if (params.faultInjection) proxies[`${prefix}neon-ws`] = proxy;
      log(`neon       ${prefix ? "sandbox" : "api"} workers reach Postgres with Neon's driver through ws://${proxy.setting}`);
      return { DATABASE_DRIVER: "neon", NEON_WS_PROXY: proxy.setting };
    };
    // The devnet mines a deposit at once, and its held deposits' 20 s fill window leaves no room for the 300 s a
    // production deployment allows (by default) between signing a deposit and its block, nor for the 600 s fill window
    // a production deployment leaves relayers at least: the devnet's own, shorter one stands in for it.
    const bridgeVars = { BRIDGE_DEPOSIT_INCLUSION_SECONDS: "0", BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS: "15" };
    const apiVars = { ...await databaseVars(""), ...bridgeVars };
    const sandboxVars = { ...await databaseVars("sandbox-"), ...bridgeVars };
    let faultsUrl: string | undefined;
    if (params.faultInjection) {
      const control = await startFaultControl(proxies);
      stops.push(control.close);
      faultsUrl = control.url;
      log(`faults     ${faultsUrl} (${Object.keys(proxies).join(", ")})`);
    }

    // The local Across-compatible API and its relayer (devnet-only stand-in for Across): packages/devnet/src/across/.
    const across = await startAcrossApi({ manifest: devnet.manifest, port: 0 });
    stops.push(across.stop);
    log(`across     ${across.url} (local Across API and relayer)`);

    const adminToken = process.env.ADMIN_TOKEN ?? randomBytes(24).toString("hex");
    const registryPath = join(stateDir, "registry");
    const secrets = {
      ...apiDependencies,
      REDIS_REST_TOKEN: bridge.token,
      ADMIN_TOKEN: adminToken,
      ACROSS_API_URL: across.url, ACROSS_API_KEY: across.apiKey, ACROSS_INTEGRATOR_ID: "0x5c1e",
      BRIDGE_FEE_RECIPIENT: devnet.manifest.accounts.bridgeFeeRecipient,
      // What a production deployment sets (600 or more); the devnet relayer's held deposits have a 20 s fill window,
      // to show expiry and refunds within a test: BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS in the vars stands in for it.
      BRIDGE_MIN_FILL_WINDOW_SECONDS: "600",
      // Kept with the stack's state, so endpoints created in an earlier `pnpm dev` can still sign.
      WEBHOOK_SIGNING_KEY: process.env.WEBHOOK_SIGNING_KEY ?? stackSigningKey(stateDir),
      // Local only: endpoints on http://127.0.0.1 (a receiver on this machine) and 1 s first retries.
      WEBHOOK_LOCAL_DEVELOPMENT: "true",
      // Every local client is 127.0.0.1: the first use of each key a test suite issues would share one client's budget
      // of key lookups (`authenticateAndLimit`; tested on its own with a small one).
      AUTH_MISSES_PER_MINUTE: "1000000",
    };
    // wrangler dev runs no cron triggers: the stack runs the swap cron's indexing and relayer repair itself, and
    // serves only once every chain's graph is ready (a quote never indexes; before that it answers 503).
    const indexer = startIndexTicker({
      env: { SLUICE_CHAINS: (apiDependencies as Record<string, string>).SLUICE_CHAINS },
      relayers: {
        privateKeys: (apiDependencies as Record<string, string>).RELAYER_PRIVATE_KEYS,
        stuckAfterMs: Number((apiDependencies as Record<string, string>).RELAYER_STUCK_AFTER_MS) || undefined,
      },
      // Through the public entry's fault proxies, as the swap worker's cron would reach Redis, Postgres and the chains.
      redisRestUrl: apiDependencies.REDIS_REST_URL, redisRestToken: bridge.token, databaseUrl: apiDependencies.DATABASE_URL, log,
    });
    stops.push(indexer.stop);
    prepareGatewayAssets();
    let served: { baseUrl: string; sandboxUrl: string };
    if (params.host === "node") {
      const { REDIS_REST_URL: _rest, ...nodeSecrets } = secrets;
      const node = await startNodeHostProcess({
        port: params.port, sandboxPort: params.sandboxPort, stateDir,
        settings: { ...nodeSecrets, ...apiVars, REDIS_URL: nodeRedisUrl! },
      });
      stops.push(node.stop);
      log(`api        ${node.url}  (Node host, pid ${node.pid})`);
      log(`sandbox    ${node.sandboxUrl}  (Node host)`);
      if (params.webhookTicker !== false) {
        const ticker = startCronTicker({ baseUrl: node.url, adminToken, log });
        stops.push(ticker.stop);
      }
      served = { baseUrl: node.url, sandboxUrl: node.sandboxUrl };
    } else {
      const api = await startWrangler({
        name: "public entry", port: params.port, secrets, vars: apiVars, derivedConfigDir: join(stateDir, "wrangler-api"), registryPath, logFile: join(stateDir, "api.log"),
        configs: ["wrangler.toml", ...["swap", "tokens", "reporting", "bridge"].map((w) => `workers/${w}/wrangler.toml`)],
      });
      stops.push(api.stop);
      log(`api        ${api.url}  (docs: ${api.url}/docs)`);
      // wrangler dev runs no cron triggers: the stack sends what the reporting cron would, every second.
      if (params.webhookTicker !== false) {
        const ticker = startCronTicker({ baseUrl: api.url, adminToken, log });
        stops.push(ticker.stop);
        log(`webhooks   delivered every second (POST /admin/v1/webhooks/deliver), and right after events are written`);
      }
      const sandbox = await startWrangler({
        name: "sandbox", port: params.sandboxPort, secrets: { ...secrets, ...sandboxDependencies }, vars: sandboxVars, derivedConfigDir: join(stateDir, "wrangler-sandbox"), registryPath, logFile: join(stateDir, "sandbox.log"),
        configs: ["workers/sandbox/wrangler.toml", "workers/swap/wrangler.sandbox.toml"],
      });
      stops.push(sandbox.stop);
      log(`sandbox    ${sandbox.url}`);
      served = { baseUrl: api.url, sandboxUrl: sandbox.url };
    }

    await indexer.ready();
    if (counter) {
      // Counting measures the requests' own work: the index ticker (the cron's stand-in) stops once the graphs are ready.
      await indexer.stop();
      log(`index      every chain's pool graph is ready; not indexed further while operations are counted`);
    } else {
      log(`index      every chain's pool graph is ready; indexed again every 2 s (as the swap cron does each minute)`);
    }

    const { db, close } = createDb({ url: databaseUrl });
    const demo = await bootstrapDemoAccount(db).finally(close);

    const stack: Stack = {
      ...served, databaseUrl, redisUrl: redis.url,
      redisRestUrl: bridge.url, redisRestToken: bridge.token, adminToken, manifest: devnet.manifest,
      forks: forks.map((f) => ({ chain: f.chain, rpcUrl: f.rpcUrl, executor: f.executor })), acrossApiUrl: across.url, acrossApiKey: across.apiKey, sluiceChains: String((secrets as Record<string, string>).SLUICE_CHAINS), demo, stateDir,
      faultsUrl, databaseDriver, stop,
      ...(counter ? { operationCounts: counter.snapshot } : {}),
    };
    writeFileSync(join(stateDir, "state.json"), JSON.stringify({ ...stack, stop: undefined }, null, 2));
    return stack;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The local stack's webhook signing key: generated once, kept in its state folder. */
function stackSigningKey(stateDir: string): string {
  const file = join(stateDir, "webhook-signing-key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const key = randomBytes(32).toString("hex");
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
