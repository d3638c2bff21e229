import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Address } from "viem";
import { chainNames, uniswapFactories, type ChainName } from "@sluice/core";
import { startAnvil, type AnvilNode } from "./anvil/startAnvil.js";
import { wellKnownAccounts } from "./anvil/devAccounts.js";
import { jsonRpc } from "./rpc/jsonRpc.js";
import { parseScenario, readScenarioFile } from "./scenario/parseScenario.js";
import { resolveScenario } from "./scenario/resolveScenario.js";
import type { Scenario } from "./scenario/scenarioSchema.js";
import type { ResolvedScenario } from "./scenario/resolvedTypes.js";
import { seedChain } from "./seed/seedChain.js";
import { deploySluiceExecutor } from "./seed/deploySluiceExecutor.js";
import { buildChainManifest } from "./manifest/buildChainManifest.js";
import type { DevnetManifest, ManifestChain } from "./manifest/manifestTypes.js";
import { scenariosDir } from "./paths.js";
import { deployAcross } from "./across/deployAcross.js";

export const defaultScenarioPath = join(scenariosDir, "default.json");

export type StartDevnetOptions = {
  /** A scenario object, or the path of a scenario file; the default scenario when absent. */
  scenario?: Scenario | object | string;
  /** Ports basePort … basePort+3 for ethereum, base, arbitrum, polygon; 0 lets the system pick free ports. Default 8545. */
  basePort?: number;
  /** Where to write the manifest (JSON); not written when absent. */
  manifestPath?: string;
  /** Deploy Sluice's executor when its deploy module exists (default true). */
  deployExecutor?: boolean;
  /**
   * Put the Uniswap factories at the real chains' addresses (core's `uniswapFactories`) instead of the deployer's first
   * nonces, so that every pool sits where the real factory would put it: a devnet that plays the real chains (the
   * remote of fork mode's tests). Default false.
   */
  realFactories?: boolean;
  log?: (line: string) => void;
};

export type Devnet = {
  manifest: DevnetManifest;
  /** The anvil processes, by chain (pids are their process-group ids). */
  nodes: Record<ChainName, { pid: number; rpcUrl: string }>;
  stop(): Promise<void>;
};

const secondsPerDay = 86_400;

/**
 * Starts the four local chains and seeds them from a scenario. The scenario is checked completely before any
 * process starts; if anything fails later, every node already started is stopped before the error is rethrown.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const log = options.log ?? (() => {});
  const scenario = loadScenario(options.scenario);
  const resolved = resolveScenario(scenario);
  const startedAt = new Date();
  const now = Math.floor(startedAt.getTime() / 1000);
  const oldestTrade = Math.max(0, ...chainNames.flatMap((n) => resolved.chains[n].pools.map((p) => p.tradeDaysAgo)));
  const genesisTimestamp = now - (oldestTrade + 1) * secondsPerDay;
  const basePort = options.basePort ?? 8545;

  const nodes = new Map<ChainName, AnvilNode>();
  const killAll = () => nodes.forEach((node) => node.killNow());
  process.once("exit", killAll);
  const stop = async () => {
    process.off("exit", killAll);
    await Promise.all([...nodes.values()].map((node) => node.stop()));
  };

  try {
    await Promise.all(chainNames.map(async (name, index) => {
      const node = await startAnvil({ chainId: resolved.chains[name].chainId, port: basePort === 0 ? 0 : basePort + index, genesisTimestamp });
      nodes.set(name, node);
    }));
    const manifest = await seedAll(resolved, nodes, now, options.deployExecutor ?? true, options.realFactories ?? false, log);
    manifest.startedAt = startedAt.toISOString();
    if (options.manifestPath) {
      mkdirSync(dirname(options.manifestPath), { recursive: true });
      writeFileSync(options.manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    }
    const nodeInfo = Object.fromEntries([...nodes].map(([name, node]) => [name, { pid: node.pid, rpcUrl: node.rpcUrl }])) as Devnet["nodes"];
    return { manifest, nodes: nodeInfo, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function loadScenario(input: StartDevnetOptions["scenario"]): Scenario {
  if (input === undefined) return readScenarioFile(defaultScenarioPath);
  if (typeof input === "string") return readScenarioFile(input);
  return parseScenario(input);
}

async function seedAll(resolved: ResolvedScenario, nodes: Map<ChainName, AnvilNode>, now: number, withExecutor: boolean,
  realFactories: boolean, log: (line: string) => void): Promise<DevnetManifest> {
  const accounts = wellKnownAccounts();
  const relayers = accounts.relayers.map((r) => r.address);
  const chainsManifest = {} as Record<ChainName, ManifestChain>;
  await Promise.all(chainNames.map(async (name) => {
    const node = nodes.get(name)!;
    const chain = resolved.chains[name];
    const started = Date.now();
    const factories = realFactories ? uniswapFactories[name] : undefined;
    await seedChain(jsonRpc(node.rpcUrl), chain, { deployer: accounts.deployer.address, devAccounts: accounts.all.map((a) => a.address) }, now, factories);
    let executor: Address | null = null;
    if (withExecutor) {
      executor = await deploySluiceExecutor({ rpcUrl: node.rpcUrl, chainId: chain.chainId, deployerKey: accounts.deployer.privateKey, relayers, factories });
    }
    chainsManifest[name] = buildChainManifest(chain, node.rpcUrl, accounts.deployer.address, relayers, executor, factories);
    // The bridge protocol (Across SpokePool, MulticallHandler, a funded relayer): packages/devnet/src/across/.
    await deployAcross({ rpcUrl: node.rpcUrl, chain: name, manifestChain: chainsManifest[name], deployer: accounts.deployer.address });
    log(`${name}: ${chain.tokens.length} tokens, ${chain.pools.length} pools seeded in ${Date.now() - started} ms`);
  }));
  return {
    scenario: resolved.name,
    startedAt: "",
    devnetTime: new Date(now * 1000).toISOString(),
    accounts: {
      deployer: accounts.deployer.address,
      relayers,
      bridgeFeeRecipient: accounts.bridgeFeeRecipient.address,
      dev: accounts.all.map((a) => ({ address: a.address, privateKey: a.privateKey })),
    },
    chains: Object.fromEntries(chainNames.map((n) => [n, chainsManifest[n]])) as Record<ChainName, ManifestChain>,
  };
}
