import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { artifactsDir, contractsPackageDir } from "../paths.js";

/**
 * A contract core runs only through an eth_call state override (never deployed): its ABI and runtime code are
 * written into core as a generated file (core never imports this package).
 */
export type StateOverrideCode = {
  /** The artifact's name (`TokenProbe`) and where its source lives, relative to packages/contracts. */
  contract: string;
  source: string;
  /** What it is and who places it, for the generated file's comment. */
  title: string;
  usedBy: string;
  /** Exported names: `<name>Abi` and `<name>RuntimeCode`. */
  name: string;
  /** The generated file, relative to packages/core/src. */
  corePath: string;
};

export const stateOverrideCodes: StateOverrideCode[] = [
  { contract: "TokenProbe", source: "contracts/probes/TokenProbe.sol", title: "The token probe", usedBy: "detectTokenBehaviour", name: "tokenProbe", corePath: "tokens/behaviour/tokenProbeArtifact.ts" },
  { contract: "TickBitmapLens", source: "contracts/lenses/TickBitmapLens.sol", title: "The tick bitmap lens", usedBy: "readTickBitmaps", name: "tickBitmapLens", corePath: "indexer/tickBitmapLensArtifact.ts" },
];

export const coreStateOverrideCodePath = (code: StateOverrideCode) => join(contractsPackageDir, "..", "core", "src", code.corePath);

/** The generated file, from the committed artifact. */
export function stateOverrideCodeSource(code: StateOverrideCode): string {
  const { abi, deployedBytecode } = JSON.parse(readFileSync(join(artifactsDir, `${code.contract}.json`), "utf8")) as { abi: unknown[]; deployedBytecode: string };
  const entries = abi.map((entry) => `  ${JSON.stringify(entry)},`).join("\n");
  return `/**
 * ${code.title} (packages/contracts/${code.source}): its ABI as a const and its runtime code,
 * which \`${code.usedBy}\` places with an eth_call state override.
 * Generated from the compiled artifact by \`pnpm --filter @sluice/contracts compile\`; do not edit by hand
 * (a test in packages/contracts checks it is current).
 */
export const ${code.name}Abi = [
${entries}
] as const;

export const ${code.name}RuntimeCode = "${deployedBytecode}" as const;
`;
}

export function writeStateOverrideCodes(): void {
  for (const code of stateOverrideCodes) writeFileSync(coreStateOverrideCodePath(code), stateOverrideCodeSource(code));
}

