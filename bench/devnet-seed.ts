/**
 * Devnet seeding benchmark: `pnpm tsx bench/devnet-seed.ts`.
 * Seeds (1) the default scenario on the four chains and (2) a generated graph of 10,000 pools on one chain, and
 * prints the wall time and the peak memory of each anvil (VmHWM) and of this node process.
 */
import { readFileSync } from "node:fs";
import { startDevnet, type Devnet } from "../packages/devnet/src/index.js";

function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

async function measure(label: string, start: () => Promise<Devnet>) {
  const started = performance.now();
  const devnet = await start();
  const seconds = (performance.now() - started) / 1000;
  const anvils = Object.entries(devnet.nodes).map(([name, node]) => `${name} ${peakRssMiB(node.pid).toFixed(0)} MiB`);
  const pools = Object.values(devnet.manifest.chains).reduce((n, c) => n + c.pools.length, 0);
  const tokens = Object.values(devnet.manifest.chains).reduce((n, c) => n + c.tokens.length, 0);
  await devnet.stop();
  const nodeMiB = process.resourceUsage().maxRSS / 1024;
  console.log(`${label}: ${tokens} tokens, ${pools} pools seeded in ${seconds.toFixed(1)} s`);
  console.log(`  peak RSS: anvil ${anvils.join(", ")}; node ${nodeMiB.toFixed(0)} MiB (process peak so far)`);
}

await measure("default scenario (4 chains)", () => startDevnet({ basePort: 0 }));
await measure("generated graph (base: 2,000 tokens, 10,000 pools, half V3)", () =>
  startDevnet({ basePort: 0, scenario: { name: "bench-10k", chains: { base: { generate: { tokens: 2000, pools: 10_000, v3Share: 0.5, seed: 42 } } } } }));
