import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { artifactsDir, contractsPackageDir } from "../paths.js";

/** Where core keeps the executor's ABI as a typed const (core never imports the devnet, so it is written there). */
export const coreExecutorAbiPath = join(contractsPackageDir, "..", "core", "src", "executor", "executorAbi.ts");

/** Core's `executorAbi.ts`, generated from the committed SluiceExecutor artifact. */
export function executorAbiSource(): string {
  const { abi } = JSON.parse(readFileSync(join(artifactsDir, "SluiceExecutor.json"), "utf8")) as { abi: unknown[] };
  const entries = abi.map((entry) => `  ${JSON.stringify(entry)},`).join("\n");
  return `/**
 * ABI of Sluice's executor contract (packages/contracts/contracts/SluiceExecutor.sol), as a const so viem types every
 * call. Generated from the compiled artifact by \`pnpm --filter @sluice/contracts compile\`; do not edit by hand (a
 * test in packages/contracts checks it is current).
 */
export const executorAbi = [
${entries}
] as const;
`;
}

export function writeExecutorAbi(): void {
  writeFileSync(coreExecutorAbiPath, executorAbiSource());
}
