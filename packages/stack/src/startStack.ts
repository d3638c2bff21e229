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
import { prepareGatewayAssets } from "./wrangler/prepareGatewayAssets.js";
import { bootstrapDemoAccount, type DemoCredentials } from "./bootstrapDemoAccount.js";
import { chainSecretsFromManifest } from "./chainSecretsFromManifest.js";
import { startAcrossApi } from "@sluice/devnet/across/api/startAcrossApi";
import { startFaultControl, startTcpProxy, type TcpProxy } from "./faults/index.js";
import { startNeonWsProxy } from "./neon/startNeonWsProxy.js";
import { startCronTicker } from "./cronTicker.js";

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
    const bridge = await startRedisRestBridge({ redisUrl: redis.url, port: params.redisBridgePort ?? 0 });
    stops.push(bridge.close);
    log(`redis      ${redis.url} behind the REST bridge at ${bridge.url}`);

    const devnet = await startDevnet({ ...params.devnet, manifestPath: params.devnet.manifestPath ?? join(stateDir, "devnet.json") });
    stops.push(devnet.stop);
    for (const [chain, c] of Object.entries(devnet.manifest.chains)) log(`devnet     ${chain.padEnd(9)} ${c.rpcUrl} (chain id ${c.chainId})`);

    // With fault injection the workers reach every dependency through a proxy a test can cut.
    const proxies: Record<string, TcpProxy> = {};
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
    const dependencyUrls = async (prefix: string) => {
      const rpcUrls: Record<string, string> = {};
      for (const [chain, c] of Object.entries(devnet.manifest.chains)) rpcUrls[chain] = await through(`${prefix}rpc-${chain}`, c.rpcUrl);
      return {
        DATABASE_URL: await through(`${prefix}postgres`, databaseUrl),
        REDIS_REST_URL: await through(`${prefix}redis`, bridge.url),
        ...chainSecretsFromManifest(devnet.manifest, (chain) => rpcUrls[chain]!, params.headMaxAgeMs),
      };
    };
    const apiDependencies = await dependencyUrls("");
    const sandboxDependencies = await dependencyUrls("sandbox-");
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
    const apiVars = await databaseVars("");
    const sandboxVars = await databaseVars("sandbox-");
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
      // The devnet relayer's held deposits have a 20 s fill window, to show expiry and refunds within a test;
      // a production deployment sets 600 or more.
      BRIDGE_MIN_FILL_WINDOW_SECONDS: "15",
      // Kept with the stack's state, so endpoints created in an earlier `pnpm dev` can still sign.
      WEBHOOK_SIGNING_KEY: process.env.WEBHOOK_SIGNING_KEY ?? stackSigningKey(stateDir),
      // Local only: endpoints on http://127.0.0.1 (a receiver on this machine) and 1 s first retries.
      WEBHOOK_LOCAL_DEVELOPMENT: "true",
    };
    prepareGatewayAssets();
    const api = await startWrangler({
      name: "public entry", port: params.port, secrets, vars: apiVars, derivedConfigDir: join(stateDir, "wrangler-api"), registryPath, logFile: join(stateDir, "api.log"),
      configs: ["wrangler.toml", ...["swap", "tokens", "reporting", "bridge"].map((w) => `workers/${w}/wrangler.toml`)],
    });
    stops.push(api.stop);
    log(`api        ${api.url}  (docs: ${api.url}/docs)`);
    // wrangler dev runs no cron triggers: the stack sends what the reporting cron would, every second.
    const ticker = startCronTicker({ baseUrl: api.url, adminToken });
    stops.push(ticker.stop);
    log(`webhooks   delivered every second (POST /admin/v1/webhooks/deliver), and right after events are written`);
    const sandbox = await startWrangler({
      name: "sandbox", port: params.sandboxPort, secrets: { ...secrets, ...sandboxDependencies }, vars: sandboxVars, derivedConfigDir: join(stateDir, "wrangler-sandbox"), registryPath, logFile: join(stateDir, "sandbox.log"),
      configs: ["workers/sandbox/wrangler.toml", "workers/swap/wrangler.sandbox.toml"],
    });
    stops.push(sandbox.stop);
    log(`sandbox    ${sandbox.url}`);

    const { db, close } = createDb({ url: databaseUrl });
    const demo = await bootstrapDemoAccount(db).finally(close);

    const stack: Stack = {
      baseUrl: api.url, sandboxUrl: sandbox.url, databaseUrl, redisUrl: redis.url,
      redisRestUrl: bridge.url, redisRestToken: bridge.token, adminToken, manifest: devnet.manifest, acrossApiUrl: across.url, acrossApiKey: across.apiKey, sluiceChains: String((secrets as Record<string, string>).SLUICE_CHAINS), demo, stateDir,
      faultsUrl, databaseDriver, stop,
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
