import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parse } from "smol-toml";

/** What a wrangler environment block (`[env.<name>]`) declares: wrangler does not inherit these from the top level. */
export type WorkerEnvironmentConfig = {
  name: string;
  services: { binding: string; service: string; entrypoint?: string }[];
  vars: Record<string, unknown>;
  secrets: string[];
  crons: string[];
  routes: { pattern: string; custom_domain?: boolean; zone_name?: string }[];
  /** Analytics Engine bindings: binding → dataset. */
  datasets: Record<string, string>;
  observability: boolean;
};

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
  /** False when the worker is reachable only through service bindings (`workers_dev = false`). */
  workersDev: boolean;
  /** The top level as an environment (what `pnpm dev` runs), and each `[env.<name>]` block. */
  topLevel: WorkerEnvironmentConfig;
  environments: Record<string, WorkerEnvironmentConfig>;
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
      workersDev: toml.workers_dev !== false,
      topLevel: environmentOf(toml),
      environments: Object.fromEntries(Object.entries((toml.env ?? {}) as Record<string, Record<string, any>>).map(([env, block]) => [env, environmentOf(block)])),
    };
  });
}

function environmentOf(block: Record<string, any>): WorkerEnvironmentConfig {
  return {
    name: String(block.name ?? ""),
    services: (block.services ?? []) as WorkerEnvironmentConfig["services"],
    vars: (block.vars ?? {}) as Record<string, unknown>,
    secrets: (block.secrets?.required ?? []) as string[],
    crons: (block.triggers?.crons ?? []) as string[],
    routes: (block.routes ?? []) as WorkerEnvironmentConfig["routes"],
    datasets: Object.fromEntries(((block.analytics_engine_datasets ?? []) as { binding: string; dataset: string }[]).map((d) => [d.binding, d.dataset])),
    observability: block.observability?.enabled === true,
  };
}
