import type { ConfigProblem } from "./checkWorkerConfigs.js";
import type { WorkerDeployConfig } from "./readWorkerConfigs.js";

/** The wrangler environments every configuration must declare (`pnpm deploy:prod --env …`). */
export const DEPLOY_ENVIRONMENTS = ["staging", "production"] as const;
export type DeployEnvironment = (typeof DEPLOY_ENVIRONMENTS)[number];

const same = (a: readonly string[], b: readonly string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/**
 * Whether each `[env.<name>]` block deploys the same worker as the top level, wired to the same environment's workers
 * (wrangler inherits none of bindings, vars, secrets, crons, datasets from the top level, so a block that forgets one
 * deploys a worker without it):
 * - the block exists and names a worker of its own (unique in the environment, not another environment's name);
 * - the same service bindings, each naming the target's worker *in the same environment*, with the same entrypoint;
 * - the same vars with the same values, the same declared secrets, the same crons, the same Analytics Engine
 *   bindings (with a dataset of its own per environment), observability on;
 * - a public worker (no `workers_dev = false`: the gateway, the sandbox) has a custom-domain route; an area worker
 *   has none.
 */
export function checkWorkerEnvironments(workers: readonly WorkerDeployConfig[], environments: readonly string[] = DEPLOY_ENVIRONMENTS): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const byName = new Map(workers.map((w) => [w.name, w]));
  for (const env of environments) {
    const seen = new Map<string, string>();
    for (const worker of workers) {
      const add = (problem: string) => problems.push({ worker: worker.name, problem: `[env.${env}] ${problem}` });
      const block = worker.environments[env];
      if (!block) { add(`is missing from ${worker.configPath}`); continue; }
      const top = worker.topLevel;
      if (!block.name) add("has no name");
      if (seen.has(block.name)) add(`name ${block.name} is also ${seen.get(block.name)}'s`);
      seen.set(block.name, worker.name);
      for (const other of environments.filter((e) => e !== env)) {
        if (worker.environments[other]?.name === block.name) add(`name ${block.name} is the same as [env.${other}]'s`);
      }
      if (!same(block.services.map((s) => s.binding), top.services.map((s) => s.binding))) {
        add(`service bindings ${names(block.services.map((s) => s.binding))} differ from the top level's ${names(top.services.map((s) => s.binding))}`);
      }
      for (const service of block.services) {
        const topService = top.services.find((s) => s.binding === service.binding);
        const target = topService && byName.get(topService.service);
        const expected = target?.environments[env]?.name;
        if (target && expected !== service.service) add(`service binding ${service.binding} names ${service.service}, not ${expected ?? `${target.name}'s [env.${env}]`}`);
        if (topService && topService.entrypoint !== service.entrypoint) add(`service binding ${service.binding} has entrypoint ${service.entrypoint ?? "(none)"}, the top level ${topService.entrypoint ?? "(none)"}`);
      }
      if (JSON.stringify(sorted(block.vars)) !== JSON.stringify(sorted(top.vars))) add(`vars ${JSON.stringify(sorted(block.vars))} differ from the top level's ${JSON.stringify(sorted(top.vars))}`);
      if (!same(block.secrets, top.secrets)) add(`declared secrets ${names(block.secrets)} differ from the top level's ${names(top.secrets)}`);
      if (!same(block.crons, top.crons)) add(`crons ${names(block.crons)} differ from the top level's ${names(top.crons)}`);
      if (!same(Object.keys(block.datasets), Object.keys(top.datasets))) add(`Analytics Engine bindings ${names(Object.keys(block.datasets))} differ from the top level's ${names(Object.keys(top.datasets))}`);
      if (top.observability && !block.observability) add("has observability off");
      const domains = block.routes.filter((r) => r.custom_domain);
      if (worker.workersDev && domains.length === 0) add("is a public worker without a custom-domain route");
      if (!worker.workersDev && block.routes.length > 0) add("is reached only through service bindings but has routes");
    }
    for (const env2 of environments.filter((e) => e > env)) {
      for (const worker of workers) {
        const a = worker.environments[env]?.datasets ?? {}, b = worker.environments[env2]?.datasets ?? {};
        for (const binding of Object.keys(a)) {
          if (a[binding] && a[binding] === b[binding]) problems.push({ worker: worker.name, problem: `[env.${env}] and [env.${env2}] write the same Analytics Engine dataset ${a[binding]}` });
        }
      }
    }
  }
  return problems;
}

const names = (list: readonly string[]) => (list.length ? [...list].sort().join(", ") : "(none)");
const sorted = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
