import { sluiceConfigSchema } from "@sluice/core";
import type { z } from "zod";
import type { WorkerDeployConfig } from "./readWorkerConfigs.js";
import { bridgeConfigSchema } from "../../../workers/bridge/src/bridgeEnv.js";
import { swapConfigSchema } from "../../../workers/swap/src/env.js";
import { reportingConfigSchema } from "../../../workers/reporting/src/env.js";
import { sandboxConfigSchema } from "../../../workers/sandbox/src/sandboxEnv.js";

/**
 * Each deployed worker's settings schema, by worker name: what its code parses its environment with. (The public
 * entry reads no settings.) Kept beside the configuration list so a new worker is added in one place.
 */
export const workerSchemas: Record<string, z.ZodObject> = {
  "sluice-swap": swapConfigSchema,
  "sluice-swap-sandbox": swapConfigSchema,
  "sluice-tokens": sluiceConfigSchema,
  "sluice-reporting": reportingConfigSchema,
  "sluice-bridge": bridgeConfigSchema,
  "sluice-sandbox": sandboxConfigSchema,
};

/** The same schemas by an environment's worker names (`sluice-swap-staging` → the swap worker's): what `checkSecrets` takes. */
export function environmentSchemas(workers: readonly WorkerDeployConfig[], env: string): Record<string, z.ZodObject> {
  return Object.fromEntries(workers.flatMap((w) => {
    const block = w.environments[env];
    return block && workerSchemas[w.name] ? [[block.name, workerSchemas[w.name]!]] : [];
  }));
}
