/**
 * Across' own contract builds, read from the pinned `@across-protocol/contracts` package (the artifacts the
 * protocol publishes). Nothing is compiled here.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Abi, Hex } from "viem";

const require = createRequire(import.meta.url);

export type AcrossBuild = { abi: Abi; bytecode: Hex };

function packageRoot(): string {
  let dir = dirname(require.resolve("@across-protocol/contracts"));
  while (dir !== dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string };
      if (manifest.name === "@across-protocol/contracts") return dir;
    } catch {
      // no package.json at this level
    }
    dir = dirname(dir);
  }
  throw new Error("package @across-protocol/contracts not found");
}

const cache = new Map<string, AcrossBuild>();

/** One artifact of `dist/evm/artifacts/<Name>.sol/<Name>.json`. */
export function acrossBuild(name: string): AcrossBuild {
  let build = cache.get(name);
  if (!build) {
    const path = join(packageRoot(), "dist/evm/artifacts", `${name}.sol`, `${name}.json`);
    const json = JSON.parse(readFileSync(path, "utf8")) as { abi: Abi; bytecode: string };
    build = { abi: json.abi, bytecode: (json.bytecode.startsWith("0x") ? json.bytecode : `0x${json.bytecode}`) as Hex };
    cache.set(name, build);
  }
  return build;
}
