import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse } from "smol-toml";

export type WranglerConfig = {
  /** The deployment's name (`sluice-swap`), which service bindings name. */
  name: string;
  vars: Record<string, string>;
  /** The secrets wrangler requires, and passes, to this deployment. */
  secrets: string[];
  crons: string[];
  services: Array<{ binding: string; service: string; entrypoint?: string }>;
  assetsDirectory?: string;
};

/**
 * What the Node host takes from a deployment's `wrangler.toml`, so both hosts run each area with the same variables,
 * the same secrets, the same cron expressions and the same service bindings.
 */
export function readWranglerConfig(repoRoot: string, path: string): WranglerConfig {
  const file = resolve(repoRoot, path);
  const toml = parse(readFileSync(file, "utf8")) as Record<string, any>;
  return {
    name: String(toml.name),
    vars: Object.fromEntries(Object.entries(toml.vars ?? {}).map(([k, v]) => [k, String(v)])),
    secrets: (toml.secrets?.required ?? []).map(String),
    crons: (toml.triggers?.crons ?? []).map(String),
    services: (toml.services ?? []).map((s: Record<string, unknown>) => ({
      binding: String(s.binding), service: String(s.service), ...(s.entrypoint ? { entrypoint: String(s.entrypoint) } : {}),
    })),
    ...(toml.assets?.directory ? { assetsDirectory: resolve(file, "..", String(toml.assets.directory)) } : {}),
  };
}
