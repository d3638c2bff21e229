import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
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
  /**
   * Plain-text variables for every worker of this process that their configurations do not declare (e.g.
   * `DATABASE_DRIVER`). Wrangler passes an undeclared environment variable to none of them (a `[secrets]` block
   * admits only its `required` names) and `--var` only to the first, so each configuration is copied with these
   * added to its `[vars]` into `derivedConfigDir`, and wrangler runs the copies.
   */
  vars?: Record<string, string>;
  derivedConfigDir?: string;
  /** V8 flags for this process's workerd (default `WORKERD_V8_FLAGS`). */
  v8Flags?: readonly string[];
};

/**
 * V8 flags the local stack's workerd runs with. Single-threaded, V8 runs no background job — no concurrent compiler
 * (baseline or Maglev) and no concurrent sweeping — so none can hold V8's only worker thread (the platform has one on
 * a 2-core machine) while it waits for a main-thread collection, which is the livelock of docs/workerd-livelock.md
 * (seen first with the baseline compiler, then with Maglev once that one was off). Compilation and collection run on
 * the main thread, a small cost next to a request.
 */
export const WORKERD_V8_FLAGS: readonly string[] = ["--single-threaded"];

/** Runs `wrangler dev` for one or more workers (workerd, offline) and waits until it serves. */
export async function startWrangler(params: StartWranglerParameters): Promise<StartedProcess & { url: string }> {
  const wranglerBin = createRequire(import.meta.url).resolve("wrangler/bin/wrangler.js", { paths: [REPO_ROOT] });
  // The workerd binary Miniflare would run; Miniflare runs the wrapper that adds the V8 flags instead.
  const miniflare = createRequire(wranglerBin).resolve("miniflare");
  const workerdBinary = (createRequire(miniflare)("workerd") as { default: string }).default;
  const configs = params.vars && Object.keys(params.vars).length > 0
    ? params.configs.map((config) => withVars(config, params.vars!, params.derivedConfigDir ?? join(dirname(params.registryPath), "wrangler")))
    : params.configs;
  const args = [
    wranglerBin, "dev",
    ...configs.flatMap((config) => ["-c", config]),
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
      MINIFLARE_WORKERD_PATH: fileURLToPath(new URL("./workerd-with-v8-flags.sh", import.meta.url)),
      SLUICE_WORKERD_BINARY: workerdBinary,
      SLUICE_WORKERD_V8_FLAGS: (params.v8Flags ?? WORKERD_V8_FLAGS).join(" "),
      ...params.secrets,
    },
    readyWhen: /Ready on http:\/\/127\.0\.0\.1:\d+/,
    // Bundling several workers takes seconds on a quiet machine but over 90 s on a 2-core CI runner that is also
    // running three other stacks' tests; a start that truly hangs is still reported, with wrangler's last output.
    timeoutMs: 300_000,
    logFile: params.logFile,
  });
  return { ...started, url: `http://127.0.0.1:${params.port}` };
}

/**
 * A copy of a wrangler configuration (TOML, relative to the repository) as JSON in `dir`, with `vars` added to its
 * `[vars]` and its paths made absolute so it works from there. Returns the copy's path.
 */
function withVars(config: string, vars: Record<string, string>, dir: string): string {
  const source = resolve(REPO_ROOT, config);
  const parsed = parse(readFileSync(source, "utf8")) as Record<string, any>;
  const from = (path: string) => resolve(dirname(source), path);
  const derived = {
    ...parsed,
    main: from(String(parsed.main)),
    ...(parsed.assets?.directory ? { assets: { ...parsed.assets, directory: from(String(parsed.assets.directory)) } } : {}),
    vars: { ...parsed.vars, ...vars },
  };
  mkdirSync(dir, { recursive: true });
  const target = join(dir, `${config.replace(/[\\/]/g, "_").replace(/\.toml$/, "")}.json`);
  writeFileSync(target, JSON.stringify(derived, null, 2));
  return target;
}
