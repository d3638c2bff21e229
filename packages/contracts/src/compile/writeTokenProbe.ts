import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { artifactsDir, contractsPackageDir } from "../paths.js";

/** Where core keeps the token probe's ABI and runtime code (core never imports this package, so it is written there). */
export const coreTokenProbePath = join(contractsPackageDir, "..", "core", "src", "tokens", "behaviour", "tokenProbeArtifact.ts");

/** Core's `tokenProbeArtifact.ts`, generated from the committed TokenProbe artifact. */
export function tokenProbeSource(): string {
  const { abi, deployedBytecode } = JSON.parse(readFileSync(join(artifactsDir, "TokenProbe.json"), "utf8")) as { abi: unknown[]; deployedBytecode: string };
  const entries = abi.map((entry) => `  ${JSON.stringify(entry)},`).join("\n");
  return `/**
 * The token probe (packages/contracts/contracts/probes/TokenProbe.sol): its ABI as a const and its runtime code,
 * which \`detectTokenBehaviour\` places with an eth_call state override. Generated from the compiled artifact by
 * \`pnpm --filter @sluice/contracts compile\`; do not edit by hand (a test in packages/contracts checks it is current).
 */
export const tokenProbeAbi = [
${entries}
] as const;

export const tokenProbeRuntimeCode = "${deployedBytecode}" as const;
`;
}

export function writeTokenProbe(): void {
  writeFileSync(coreTokenProbePath, tokenProbeSource());
}
