import { join } from "node:path";
import { startProcess, type StartedProcess } from "../process/startProcess.js";
import { REPO_ROOT } from "../wrangler/startWrangler.js";

export type StartNodeHostProcessParameters = {
  port: number;
  sandboxPort: number;
  /** Every setting of every area (the Node host gives each area what its wrangler.toml gives it). */
  settings: Record<string, string>;
  /** Where it runs (a folder without a `.env`, so only `settings` count) and keeps its log. */
  stateDir: string;
};

/**
 * Runs the Node host (`pnpm start`, packages/node-host) in a process group of its own, as the stack runs wrangler,
 * and waits until both servers listen. Its crons are off: like `wrangler dev`, the stack's ticker sends what the
 * reporting cron would.
 */
export async function startNodeHostProcess(params: StartNodeHostProcessParameters): Promise<StartedProcess & { url: string; sandboxUrl: string }> {
  const started = await startProcess({
    name: "node host",
    command: process.execPath,
    args: ["--import", "tsx", join(REPO_ROOT, "packages/node-host/src/cli.ts")],
    cwd: params.stateDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      NO_COLOR: "1",
      ...params.settings,
      HOST: "127.0.0.1",
      PORT: String(params.port),
      SANDBOX_PORT: String(params.sandboxPort),
      SLUICE_CRONS: "off",
    },
    readyWhen: /Sluice ready on http:\/\/127\.0\.0\.1:\d+/,
    timeoutMs: 300_000,
    logFile: join(params.stateDir, "node-host.log"),
  });
  return { ...started, url: `http://127.0.0.1:${params.port}`, sandboxUrl: `http://127.0.0.1:${params.sandboxPort}` };
}
