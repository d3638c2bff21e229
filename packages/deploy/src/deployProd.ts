import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { prepareGatewayAssets } from "@sluice/stack";
import { buildWorkerBundles, type WorkerBundle } from "./buildWorkerBundles.js";
import { checkSecrets } from "./checkSecrets.js";
import { checkWorkerConfigs } from "./checkWorkerConfigs.js";
import { checkWorkerEnvironments, DEPLOY_ENVIRONMENTS } from "./checkWorkerEnvironments.js";
import { deployOrder } from "./deployOrder.js";
import { readSecretsFile } from "./readSecretsFile.js";
import { readWorkerConfigs } from "./readWorkerConfigs.js";
import { environmentSchemas, workerSchemas } from "./workerSchemas.js";

/** Runs one command in the repository; its exit status. */
export type RunCommand = (command: string, args: readonly string[]) => number;

export type DeployProdParameters = {
  root: string;
  env: string;
  /** The secrets file (JSON or .env); without it, the workers keep the secrets they have. */
  secretsFile?: string;
  /** Print every command, build every bundle (`wrangler deploy --dry-run`), send nothing. */
  dryRun?: boolean;
  log?: (line: string) => void;
  /** How commands run for a real deployment (default: `spawnSync`, output shown). */
  run?: RunCommand;
};

export type DeployStep = { worker: string; configPath: string; args: string[]; secrets: string[] };
export type DeployProdReturnType = { steps: DeployStep[]; bundles: WorkerBundle[] };

/** Thrown for anything that stops a deployment before or while it runs; the CLI prints its lines and exits 1. */
export class DeployError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

/**
 * `pnpm deploy:prod --env staging|production [--secrets FILE] [--dry-run]`: checks the configurations (as
 * `deploy:check` does, environment blocks included) and the secrets file against every worker's declared secrets,
 * then runs `wrangler deploy --env <env>` for each worker in binding order (`deployOrder`), each with a temporary
 * secrets file holding only the secrets that worker declares (`--secrets-file`, removed afterwards). Nothing is sent
 * when a check fails. A dry run prints the commands and builds every bundle without an account.
 */
export async function deployProd({ root, env, secretsFile, dryRun = false, log = console.log, run = spawnRun(root) }: DeployProdParameters): Promise<DeployProdReturnType> {
  if (!(DEPLOY_ENVIRONMENTS as readonly string[]).includes(env)) throw new DeployError([`--env: must be one of ${DEPLOY_ENVIRONMENTS.join(", ")}, got '${env}'`]);
  prepareGatewayAssets();
  const workers = readWorkerConfigs(root);
  const configProblems = [...checkWorkerConfigs({ root, workers, schemas: workerSchemas }), ...checkWorkerEnvironments(workers)];
  if (configProblems.length) throw new DeployError(configProblems.map((p) => `${p.worker}: ${p.problem}`));
  const ordered = deployOrder(workers);

  let secrets: Record<string, string> | undefined;
  if (secretsFile) {
    if (isTrackedByGit(root, secretsFile)) throw new DeployError([`--secrets: ${secretsFile} is tracked by git; secrets files must never be committed`]);
    secrets = readSecretsFileOrThrow(secretsFile);
    const problems = checkSecrets({ workers: ordered.map((w) => w.environments[env]!), secrets, schemas: environmentSchemas(ordered, env) });
    if (problems.length) throw new DeployError(problems);
  }

  const staging = secrets ? mkdtempSync(join(tmpdir(), "sluice-secrets-")) : undefined;
  try {
    if (staging) chmodSync(staging, 0o700);
    const steps: DeployStep[] = ordered.map((worker) => {
      const block = worker.environments[env]!;
      const args = ["exec", "wrangler", "deploy", "--config", worker.configPath, "--env", env];
      if (secrets && staging && block.secrets.length) args.push("--secrets-file", join(staging, `${block.name}.json`));
      return { worker: block.name, configPath: worker.configPath, args, secrets: secrets ? block.secrets : [] };
    });
    log(`${dryRun ? "dry run: would run" : "deploying"} ${env} (${steps.length} workers, in binding order)${secrets ? "" : "; no --secrets: the workers keep the secrets they have"}`);
    for (const step of steps) {
      const shown = step.args.map((a) => (staging && a.startsWith(staging) ? `<${step.secrets.join(",")}>` : a));
      log(`  pnpm ${shown.join(" ")}`);
    }
    if (dryRun) {
      const bundles = buildWorkerBundles(root, ordered, env);
      for (const b of bundles) log(`  ${b.worker.padEnd(30)} ${b.error ? `build failed: ${b.error}` : `${(b.bytes / 1024).toFixed(0)} KiB, gzip ${(b.gzipBytes / 1024).toFixed(0)} KiB`}`);
      const failed = bundles.filter((b) => b.error);
      if (failed.length) throw new DeployError(failed.map((b) => `${b.worker}: wrangler could not build it: ${b.error}`));
      return { steps, bundles };
    }
    for (const step of steps) {
      if (secrets && staging && step.secrets.length) {
        const file = join(staging, `${step.worker}.json`);
        writeFileSync(file, JSON.stringify(Object.fromEntries(step.secrets.map((name) => [name, secrets![name]!]))), { mode: 0o600 });
      }
      log(`→ ${step.worker}`);
      const status = run("pnpm", step.args);
      if (status !== 0) throw new DeployError([`${step.worker}: wrangler deploy exited with ${status}; the workers after it were not deployed`]);
    }
    return { steps, bundles: [] };
  } finally {
    if (staging) rmSync(staging, { recursive: true, force: true });
  }
}

function readSecretsFileOrThrow(path: string): Record<string, string> {
  try {
    return readSecretsFile(path);
  } catch (error) {
    throw new DeployError([(error as Error).message]);
  }
}

function isTrackedByGit(root: string, path: string): boolean {
  const result = spawnSync("git", ["ls-files", "--error-unmatch", relative(root, path)], { cwd: root, encoding: "utf8" });
  return result.status === 0;
}

function spawnRun(root: string): RunCommand {
  return (command, args) => spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } }).status ?? 1;
}
