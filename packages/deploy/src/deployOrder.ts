import type { WorkerDeployConfig } from "./readWorkerConfigs.js";

/**
 * The order workers must go up in: a worker after every worker its service bindings name (the area workers before
 * the public entry, reporting before swap, the swap sandbox before the sandbox); among the workers ready to go, area
 * workers (reached only through bindings) before public ones, then configuration order. Throws on a binding cycle.
 */
export function deployOrder(workers: readonly WorkerDeployConfig[]): WorkerDeployConfig[] {
  const names = new Set(workers.map((w) => w.name));
  const placed: WorkerDeployConfig[] = [];
  const done = new Set<string>();
  const candidates = [...workers.filter((w) => !w.workersDev), ...workers.filter((w) => w.workersDev)];
  while (placed.length < workers.length) {
    const next = candidates.find((w) => !done.has(w.name) && w.services.every((s) => !names.has(s.service) || done.has(s.service)));
    if (!next) throw new Error(`service bindings form a cycle among ${workers.filter((w) => !done.has(w.name)).map((w) => w.name).join(", ")}`);
    placed.push(next);
    done.add(next.name);
  }
  return placed;
}
