import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Where `pnpm dev` records what it started, so operator commands find the local stack. */
export const STACK_STATE_FILE = fileURLToPath(new URL("../../../.stack/dev/state.json", import.meta.url));

export type OperatorConfig = {
  databaseUrl: string; redisRestUrl?: string; redisRestToken?: string;
  /** Redis over TCP (`REDIS_URL`, a Node host deployment); used instead of the REST settings when set. */
  redisUrl?: string;
};

/**
 * Operator commands take their connections from the environment (`DATABASE_URL`, `REDIS_REST_URL`,
 * `REDIS_REST_TOKEN`, or `REDIS_URL` for Redis over TCP); without them, from the running local stack; without that, the local default database.
 */
export function resolveConfig(env: NodeJS.ProcessEnv = process.env): OperatorConfig {
  const state = existsSync(STACK_STATE_FILE)
    ? (JSON.parse(readFileSync(STACK_STATE_FILE, "utf8")) as Partial<OperatorConfig>)
    : {};
  return {
    databaseUrl: env.DATABASE_URL ?? state.databaseUrl ?? "postgres://postgres@127.0.0.1:5432/sluice",
    redisRestUrl: env.REDIS_REST_URL ?? state.redisRestUrl,
    redisRestToken: env.REDIS_REST_TOKEN ?? state.redisRestToken,
    redisUrl: env.REDIS_URL,
  };
}

/**
 * What `pnpm admin doctor` checks: the deployment's settings from the environment (`DATABASE_URL`, `REDIS_REST_URL`,
 * `REDIS_REST_TOKEN`, `SLUICE_CHAINS`, `ACROSS_API_URL`), else those of the running local stack.
 */
export function resolveDoctorConfig(env: NodeJS.ProcessEnv = process.env) {
  const state = existsSync(STACK_STATE_FILE)
    ? (JSON.parse(readFileSync(STACK_STATE_FILE, "utf8")) as { acrossApiUrl?: string; sluiceChains?: string })
    : {};
  return {
    ...resolveConfig(env),
    sluiceChains: env.SLUICE_CHAINS ?? state.sluiceChains,
    acrossApiUrl: env.ACROSS_API_URL ?? state.acrossApiUrl,
  };
}
