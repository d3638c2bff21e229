import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { freePort } from "../process/freePort.js";
import { startProcess, type StartedProcess } from "../process/startProcess.js";

export const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

export type StartWranglerParameters = {
  name: string;
  /** Wrangler configs, relative to the repository root; the first is the one served on `port`. */
  configs: string[];
  port: number;
  /** Secrets and vars for every worker of this process (declared in each config's `[secrets] required`). */
  secrets: Record<string, string>;
  /** Workers of separate stacks must not see each other: each stack has its own dev registry. */
  registryPath: string;
  logFile?: string;
};

/** Runs `wrangler dev` for one or more workers (workerd, offline) and waits until it serves. */
export async function startWrangler(params: StartWranglerParameters): Promise<StartedProcess & { url: string }> {
  const wranglerBin = createRequire(import.meta.url).resolve("wrangler/bin/wrangler.js", { paths: [REPO_ROOT] });
  const args = [
    wranglerBin, "dev",
    ...params.configs.flatMap((config) => ["-c", config]),
    "--ip", "127.0.0.1", "--port", String(params.port),
    "--inspector-port", String(await freePort()),
    "--show-interactive-dev-session=false",
    "--log-level", "info",
  ];
  const started = await startProcess({
    name: params.name,
    command: process.execPath,
    args,
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      WRANGLER_SEND_METRICS: "false",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_REGISTRY_PATH: params.registryPath,
      NO_COLOR: "1",
      ...params.secrets,
    },
    readyWhen: /Ready on http:\/\/127\.0\.0\.1:\d+/,
    timeoutMs: 90_000,
    logFile: params.logFile,
  });
  return { ...started, url: `http://127.0.0.1:${params.port}` };
}
