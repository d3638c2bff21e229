import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compileContracts } from "./compileContracts.js";

/** Recompiles `contractsDir` and replaces `artifactsDir`'s JSON files (stale artifacts are removed). */
export function writeArtifacts(contractsDir: string, artifactsDir: string): string[] {
  const artifacts = compileContracts(contractsDir);
  mkdirSync(artifactsDir, { recursive: true });
  for (const old of readdirSync(artifactsDir)) if (old.endsWith(".json") && !artifacts.has(old)) rmSync(join(artifactsDir, old));
  for (const [name, content] of artifacts) writeFileSync(join(artifactsDir, name), content);
  return [...artifacts.keys()];
}
