import type { WorkerEnvironmentConfig } from "./readWorkerConfigs.js";

export type CheckSecretsParameters = {
  /** The workers of one environment. */
  workers: readonly WorkerEnvironmentConfig[];
  secrets: Readonly<Record<string, string>>;
};

/**
 * What is wrong with a secrets file for a deployment, before anything is sent: a secret some worker declares that the
 * file lacks (or leaves empty), and a name in the file that no worker declares (a typo, or a leftover that would
 * otherwise be silently ignored). Empty: the file is exactly what the workers need.
 */
export function checkSecrets({ workers, secrets }: CheckSecretsParameters): string[] {
  const problems: string[] = [];
  const declared = new Set(workers.flatMap((w) => w.secrets));
  for (const worker of workers) {
    const missing = worker.secrets.filter((name) => secrets[name] === undefined);
    const empty = worker.secrets.filter((name) => secrets[name] === "");
    if (missing.length) problems.push(`${worker.name} needs ${missing.join(", ")}, missing from the secrets file`);
    if (empty.length) problems.push(`${worker.name} needs ${empty.join(", ")}, empty in the secrets file`);
  }
  const extra = Object.keys(secrets).filter((name) => !declared.has(name));
  if (extra.length) problems.push(`${extra.join(", ")} ${extra.length === 1 ? "is" : "are"} in the secrets file but no worker declares ${extra.length === 1 ? "it" : "them"} ([secrets] required)`);
  return problems;
}
