/**
 * `pnpm devnet [--scenario FILE] [--manifest PATH] [--base-port N]`: starts the four local chains, seeds them, writes
 * the manifest and stays up until Ctrl-C, then stops every node it started.
 */
import { parseArgs } from "node:util";
import { join, resolve } from "node:path";
import { startDevnet, defaultScenarioPath } from "./startDevnet.js";
import { ScenarioError } from "./scenario/scenarioError.js";
import { devnetPackageDir } from "./paths.js";

const repoRoot = resolve(devnetPackageDir, "../..");

const { values } = parseArgs({
  options: {
    scenario: { type: "string" },
    manifest: { type: "string" },
    "base-port": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help) {
  console.log("usage: pnpm devnet [--scenario FILE] [--manifest PATH] [--base-port N]");
  process.exit(0);
}

const scenarioPath = values.scenario ? resolve(values.scenario) : defaultScenarioPath;
const manifestPath = values.manifest ? resolve(values.manifest) : join(repoRoot, ".devnet", "manifest.json");
const basePort = values["base-port"] ? Number(values["base-port"]) : 8545;

try {
  const started = Date.now();
  const devnet = await startDevnet({ scenario: scenarioPath, manifestPath, basePort, log: (line) => console.log(`  ${line}`) });
  console.log(`devnet "${devnet.manifest.scenario}" up in ${Date.now() - started} ms; devnet time ${devnet.manifest.devnetTime}`);
  for (const [name, chain] of Object.entries(devnet.manifest.chains)) {
    console.log(`  ${name.padEnd(9)} chain ${String(chain.chainId).padEnd(6)} ${chain.rpcUrl}  ${chain.tokens.length} tokens, ${chain.pools.length} pools, executor ${chain.executor ?? "none"}`);
  }
  console.log(`manifest: ${manifestPath}`);
  console.log("Ctrl-C to stop");

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the devnet`);
    await devnet.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  setInterval(() => {}, 1 << 30); // keep the process alive until a signal arrives
} catch (error) {
  console.error(error instanceof ScenarioError ? `scenario refused: ${error.message}` : error);
  process.exit(1);
}
