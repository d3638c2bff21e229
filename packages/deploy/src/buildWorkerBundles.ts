import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { WorkerDeployConfig } from "./readWorkerConfigs.js";

export type WorkerBundle = {
  worker: string;
  bytes: number;
  gzipBytes: number;
  /** Source paths of the bundle that must never ship (the devnet, test support, test runners). */
  forbidden: string[];
  /** Set when wrangler could not build it. */
  error?: string;
};

/** Module paths that belong to development and tests only. */
const FORBIDDEN = [/packages\/devnet\//, /packages\/testkit\//, /packages\/stack\//, /node_modules\/(\.pnpm\/)?vitest/, /\.test\.ts/];

/**
 * Builds each worker exactly as `wrangler deploy` would (`--dry-run --outdir`: bundled, nothing uploaded, no account
 * needed) and measures it; with `env`, the configuration's `[env.<env>]` block. Runs wrangler from the repository, so
 * the configuration paths are the real ones.
 */
export function buildWorkerBundles(root: string, workers: readonly WorkerDeployConfig[], env?: string): WorkerBundle[] {
  return workers.map((worker) => {
    const name = env ? (worker.environments[env]?.name ?? worker.name) : worker.name;
    const outdir = mkdtempSync(join(tmpdir(), "sluice-bundle-"));
    try {
      const run = spawnSync("pnpm", ["exec", "wrangler", "deploy", "--dry-run", "--outdir", outdir, "--config", worker.configPath, ...(env ? ["--env", env] : [])], {
        cwd: root, encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, timeout: 180_000,
      });
      if (run.status !== 0) {
        return { worker: name, bytes: 0, gzipBytes: 0, forbidden: [], error: (run.stderr || run.stdout).trim().split("\n").slice(-5).join("\n") };
      }
      const code = readFileSync(join(outdir, "index.js"));
      const text = code.toString("utf8");
      const forbidden = FORBIDDEN.filter((pattern) => pattern.test(text)).map((pattern) => pattern.source.replaceAll("\\", ""));
      return { worker: name, bytes: code.length, gzipBytes: gzipSync(code).length, forbidden };
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
}
