import type { z } from "zod";
import type { WorkerEnvironmentConfig } from "./readWorkerConfigs.js";

export type CheckSecretsParameters = {
  /** The workers of one environment. */
  workers: readonly WorkerEnvironmentConfig[];
  secrets: Readonly<Record<string, string>>;
  /**
   * Each worker's settings schema (what its code parses its environment with), by the environment block's worker
   * name: a secret's value is checked by its setting's field. Without it, only presence is checked.
   */
  schemas?: Readonly<Record<string, z.ZodObject>>;
};

/**
 * Values a local stack uses and a deployment must never have, whatever the worker's schema allows (it serves both):
 * the reason each is refused.
 */
const LOCAL_ONLY_VALUES: Readonly<Record<string, { value: string; reason: string }>> = {
  WEBHOOK_LOCAL_DEVELOPMENT: {
    value: "true",
    reason: "must be false in a deployment (true lets webhook endpoints be http://127.0.0.1 on any port and retries start after 1 s)",
  },
};

/**
 * What is wrong with a secrets file for a deployment, before anything is sent: a secret some worker declares that the
 * file lacks (or leaves empty), a value the worker's own schema refuses (a short `ADMIN_TOKEN`, `SLUICE_CHAINS` that
 * is not a valid chain configuration, a URL that is not one: the worker would otherwise be deployed and answer 503),
 * a local stack's value a deployment must not have (`WEBHOOK_LOCAL_DEVELOPMENT=true`), and a name in the file that no worker declares (a typo, or a leftover that would otherwise be silently ignored).
 * A refused value is named, never printed. Empty: the file is exactly what the workers need.
 */
export function checkSecrets({ workers, secrets, schemas = {} }: CheckSecretsParameters): string[] {
  const problems: string[] = [];
  const declared = new Set(workers.flatMap((w) => w.secrets));
  for (const worker of workers) {
    const missing = worker.secrets.filter((name) => secrets[name] === undefined);
    const empty = worker.secrets.filter((name) => secrets[name] === "");
    if (missing.length) problems.push(`${worker.name} needs ${missing.join(", ")}, missing from the secrets file`);
    if (empty.length) problems.push(`${worker.name} needs ${empty.join(", ")}, empty in the secrets file`);
    const shape = schemas[worker.name]?.shape ?? {};
    for (const name of worker.secrets) {
      const value = secrets[name];
      const field = shape[name] as z.ZodType | undefined;
      if (!value || !field) continue;
      const parsed = field.safeParse(value);
      if (!parsed.success) problems.push(`${worker.name}: ${name} in the secrets file is refused by the worker: ${parsed.error.issues[0]!.message}`);
    }
    for (const name of worker.secrets) {
      const localOnly = LOCAL_ONLY_VALUES[name];
      if (localOnly && secrets[name]?.trim() === localOnly.value) problems.push(`${worker.name}: ${name} in the secrets file ${localOnly.reason}`);
    }
  }
  const extra = Object.keys(secrets).filter((name) => !declared.has(name));
  if (extra.length) problems.push(`${extra.join(", ")} ${extra.length === 1 ? "is" : "are"} in the secrets file but no worker declares ${extra.length === 1 ? "it" : "them"} ([secrets] required)`);
  return problems;
}
