import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { z } from "zod";
import type { WorkerDeployConfig } from "./readWorkerConfigs.js";

/** Settings a worker needs on Workers though its schema leaves them optional (the Node host's `REDIS_URL` replaces them). */
const WORKERS_REQUIRE = ["REDIS_REST_URL", "REDIS_REST_TOKEN"] as const;

export type ConfigProblem = { worker: string; problem: string };

export type CheckWorkerConfigsParameters = {
  root: string;
  workers: readonly WorkerDeployConfig[];
  /** Each worker's settings schema (the zod object its code parses its environment with), by worker name. */
  schemas: Readonly<Record<string, z.ZodObject>>;
};

/**
 * What makes a deployment fail or misbehave before any code runs, found from the repository alone:
 * - a service binding naming a worker that is not in the repository, or one the worker's code never uses;
 * - a setting the code requires (a non-optional key of its schema) that is neither a var nor a declared secret, and a
 *   declared secret or var the code never reads;
 * - a cron trigger on a worker whose entry exports no `scheduled` handler;
 * - a static assets folder that does not exist.
 */
export function checkWorkerConfigs({ root, workers, schemas }: CheckWorkerConfigsParameters): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const names = new Set(workers.map((w) => w.name));
  for (const worker of workers) {
    const add = (problem: string) => problems.push({ worker: worker.name, problem });
    const source = readSources(join(root, dirname(worker.main)));
    for (const service of worker.services) {
      if (!names.has(service.service)) add(`service binding ${service.binding} names ${service.service}, which no wrangler configuration in the repository deploys`);
      if (!new RegExp(`\\b${service.binding}\\b`).test(source)) add(`service binding ${service.binding} is never used by the code`);
    }
    const schema = schemas[worker.name];
    if (schema) {
      const declared = new Set([...worker.vars, ...worker.secrets]);
      for (const [key, field] of Object.entries(schema.shape)) {
        if (!(field as z.ZodType).safeParse(undefined).success && !declared.has(key)) {
          add(`setting ${key} is required by the code but is neither in [vars] nor in [secrets] required`);
        }
      }
      // Optional in the schema because the Node host may use REDIS_URL instead, but Workers have only the REST client.
      for (const key of WORKERS_REQUIRE) {
        if (key in schema.shape && !declared.has(key)) add(`setting ${key} is required on Workers but is neither in [vars] nor in [secrets] required`);
      }
      for (const key of declared) {
        if (!(key in schema.shape)) add(`setting ${key} is declared but the code never reads it`);
      }
    }
    if (worker.crons.length > 0 && !/\bscheduled\b/.test(readFileSync(join(root, worker.main), "utf8"))) {
      add(`cron triggers ${worker.crons.join(", ")} are declared but ${worker.main} exports no scheduled handler`);
    }
    if (worker.assetsDirectory && !existsSync(join(root, worker.assetsDirectory))) {
      add(`the assets folder ${worker.assetsDirectory} does not exist`);
    }
  }
  return problems;
}

/** The worker's own source files (tests excluded), concatenated: enough to see which bindings it reads. */
function readSources(dir: string): string {
  let text = "";
  if (!existsSync(dir)) return text;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) text += readSources(path);
    else if (entry.endsWith(".ts") && !entry.endsWith(".test.ts")) text += readFileSync(path, "utf8");
  }
  return text;
}
