import { readStackState, type StackState } from "./readStackState.js";

export type OperatorConfig = {
  databaseUrl?: string; redisRestUrl?: string; redisRestToken?: string;
  /** Redis over TCP (`REDIS_URL`, a Node host deployment); used instead of the REST settings when set. */
  redisUrl?: string;
  /** The deployment's `SLUICE_CHAINS`, for the chain commands and `doctor`. */
  sluiceChains?: string;
  acrossApiUrl?: string;
  /**
   * For each connection not configured, what a command that needs it answers: which variable is missing and why.
   * Set exactly when that connection's settings are absent.
   */
  missing: { database?: string; redis?: string };
};

/** The variables that name a deployment. Any of them in the environment means the environment names it all. */
const DEPLOYMENT_VARIABLES = ["DATABASE_URL", "REDIS_URL", "REDIS_REST_URL", "REDIS_REST_TOKEN", "SLUICE_CHAINS", "ACROSS_API_URL"] as const;
const LOCAL_DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/sluice";
const REDIS_CHOICES = "REDIS_URL, or REDIS_REST_URL and REDIS_REST_TOKEN, must be set for this command";

/**
 * Operator commands take their connections from one place: the environment (`DATABASE_URL`, `REDIS_URL` or
 * `REDIS_REST_URL` + `REDIS_REST_TOKEN`, `SLUICE_CHAINS`, `ACROSS_API_URL`) when it sets any of them, else the
 * local stack's state file, else the local default database. Never part of each: the state file outlives the stack,
 * and `DATABASE_URL=<production> pnpm admin revoke-key` without the Redis variables revoked the key in production's
 * Postgres but wrote its tombstone to the local Redis, so production kept the key cached active. A setting the
 * environment leaves out is then missing, and a command that needs it fails naming it.
 */
export function resolveConfig(env: NodeJS.ProcessEnv = process.env, state: StackState | undefined = readStackState()): OperatorConfig {
  const named = DEPLOYMENT_VARIABLES.filter((name) => env[name] !== undefined);
  if (named.length === 0) {
    const redisRestUrl = state?.redisRestUrl;
    const redisRestToken = state?.redisRestToken;
    return {
      databaseUrl: state?.databaseUrl ?? LOCAL_DEFAULT_DATABASE, redisRestUrl, redisRestToken,
      sluiceChains: state?.sluiceChains, acrossApiUrl: state?.acrossApiUrl,
      missing: redisRestUrl && redisRestToken ? {} : {
        redis: `${REDIS_CHOICES} (the environment sets none of them, and no local stack names a Redis in .stack/dev/state.json, which pnpm dev writes)`,
      },
    };
  }
  const why = `the environment sets ${named.join(", ")}, so the local stack's settings in .stack/dev/state.json are not read: a command takes all its connections from one place, never some from each`;
  const value = (name: (typeof DEPLOYMENT_VARIABLES)[number]) => env[name] || undefined;
  const absent = (name: string) => `${name} is ${env[name] === undefined ? "not set" : "empty"}`;
  const config: OperatorConfig = {
    databaseUrl: value("DATABASE_URL"), redisUrl: value("REDIS_URL"),
    redisRestUrl: value("REDIS_REST_URL"), redisRestToken: value("REDIS_REST_TOKEN"),
    sluiceChains: value("SLUICE_CHAINS"), acrossApiUrl: value("ACROSS_API_URL"),
    missing: {},
  };
  if (!config.databaseUrl) config.missing.database = `${absent("DATABASE_URL")} (${why})`;
  if (!config.redisUrl && !(config.redisRestUrl && config.redisRestToken)) config.missing.redis = `${redisMissing()} (${why})`;
  return config;

  /** The one variable of the REST pair left out when the other is given; else every way to name a Redis. */
  function redisMissing(): string {
    if (env.REDIS_REST_URL !== undefined || env.REDIS_REST_TOKEN !== undefined) {
      const [given, left] = config.redisRestUrl ? ["REDIS_REST_URL", "REDIS_REST_TOKEN"] : ["REDIS_REST_TOKEN", "REDIS_REST_URL"];
      return config.redisRestUrl || config.redisRestToken ? `${absent(left)}, though ${given} is set` : `${absent("REDIS_REST_URL")} and ${absent("REDIS_REST_TOKEN")}`;
    }
    return env.REDIS_URL !== undefined ? `${absent("REDIS_URL")}; ${REDIS_CHOICES}` : REDIS_CHOICES;
  }
}
