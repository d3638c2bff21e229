import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { artifactsDir, contractsPackageDir } from "../paths.js";

/** Where core keeps the tick bitmap lens's ABI and runtime code (core never imports this package, so it is written there). */
export const coreTickBitmapLensPath = join(contractsPackageDir, "..", "core", "src", "indexer", "tickBitmapLensArtifact.ts");

/** Core's `tickBitmapLensArtifact.ts`, generated from the committed TickBitmapLens artifact. */
export function tickBitmapLensSource(): string {
  const { abi, deployedBytecode } = JSON.parse(readFileSync(join(artifactsDir, "TickBitmapLens.json"), "utf8")) as { abi: unknown[]; deployedBytecode: string };
  const entries = abi.map((entry) => `  ${JSON.stringify(entry)},`).join("\n");
  return `/**
 * The tick bitmap lens (packages/contracts/contracts/lenses/TickBitmapLens.sol): its ABI as a const and its runtime
 * code, which \`readTickBitmaps\` places with an eth_call state override. Generated from the compiled artifact by
 * \`pnpm --filter @sluice/contracts compile\`; do not edit by hand (a test in packages/contracts checks it is current).
 */
export const tickBitmapLensAbi = [
${entries}
] as const;

export const tickBitmapLensRuntimeCode = "${deployedBytecode}" as const;
`;
}

export function writeTickBitmapLens(): void {
  writeFileSync(coreTickBitmapLensPath, tickBitmapLensSource());
}
