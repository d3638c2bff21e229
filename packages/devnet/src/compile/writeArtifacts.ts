import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { artifactsDir, compileContracts } from "./compileContracts.js";

/** Recompiles everything and replaces the artifacts folder's JSON files (stale artifacts are removed). */
export function writeArtifacts(folder: string = artifactsDir): string[] {
  const artifacts = compileContracts();
  mkdirSync(folder, { recursive: true });
  for (const old of readdirSync(folder)) if (old.endsWith(".json") && !artifacts.has(old)) rmSync(join(folder, old));
  for (const [name, content] of artifacts) writeFileSync(join(folder, name), content);
  return [...artifacts.keys()];
}
