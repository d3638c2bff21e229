import type { z } from "zod";
import { SluiceError } from "../errors/SluiceError.js";

const parsed = new WeakMap<object, WeakMap<z.ZodType, unknown>>();

/**
 * A worker's configuration from its environment, validated by the worker's schema once per isolate (the environment
 * object lives as long as the isolate). An invalid configuration is logged with the setting's name and answered as a
 * 503, never half-used.
 */
export function readWorkerConfig<S extends z.ZodType>(schema: S, env: object): z.infer<S> {
  let bySchema = parsed.get(env);
  if (!bySchema) {
    bySchema = new WeakMap();
    parsed.set(env, bySchema);
  }
  if (bySchema.has(schema)) return bySchema.get(schema) as z.infer<S>;
  const result = schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const setting = issue.path.join(".") || "(environment)";
    console.error(`configuration: ${setting}: ${issue.message}`);
    throw new SluiceError("DEPENDENCY_DOWN", "This Sluice deployment is misconfigured; the operator has been alerted", {
      hint: `${setting}: ${issue.message}`,
    });
  }
  bySchema.set(schema, result.data);
  return result.data;
}
