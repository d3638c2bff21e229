import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parse } from "smol-toml";

/** One deployable worker as its wrangler configuration declares it. */
export type WorkerDeployConfig = {
  name: string;
  /** The wrangler configuration file, relative to the repository. */
  configPath: string;
  /** The entry module, relative to the repository. */
  main: string;
  services: { binding: string; service: string; entrypoint?: string }[];
  vars: string[];
  secrets: string[];
  crons: string[];
  /** The static assets folder, relative to the repository, when the worker serves any. */
  assetsDirectory?: string;
};

/** Every wrangler configuration of the repository: the public entry (root) and each area worker's. */
export const WORKER_CONFIG_FILES = [
  "wrangler.toml",
  "workers/swap/wrangler.toml",
  "workers/swap/wrangler.sandbox.toml",
  "workers/tokens/wrangler.toml",
  "workers/reporting/wrangler.toml",
  "workers/bridge/wrangler.toml",
  "workers/sandbox/wrangler.toml",
] as const;

/** Reads the wrangler configurations (`files`, relative to `root`) into what the checks need. */
export function readWorkerConfigs(root: string, files: readonly string[] = WORKER_CONFIG_FILES): WorkerDeployConfig[] {
  return files.filter((file) => existsSync(join(root, file))).map((file) => {
    const toml = parse(readFileSync(join(root, file), "utf8")) as Record<string, any>;
    const dir = dirname(join(root, file));
    const rel = (path: string) => relative(root, join(dir, path)).split("\\").join("/");
    return {
      name: String(toml.name),
      configPath: file,
      main: rel(String(toml.main)),
      services: (toml.services ?? []) as WorkerDeployConfig["services"],
      vars: Object.keys(toml.vars ?? {}),
      secrets: (toml.secrets?.required ?? []) as string[],
      crons: (toml.triggers?.crons ?? []) as string[],
      assetsDirectory: toml.assets?.directory ? rel(String(toml.assets.directory)) : undefined,
    };
  });
}
