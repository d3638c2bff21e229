import type { Database } from "../db/createDb.js";
import type { Redis } from "../redis/createRedis.js";
import type { AuthenticatedKey } from "../auth/authenticateApiKey.js";

/** Configuration every worker receives (wrangler vars and secrets). */
export type SluiceBindings = {
  /** Postgres connection string (Neon in production, any Postgres locally). */
  DATABASE_URL: string;
  DATABASE_DRIVER?: "pg" | "neon";
  /** Upstash REST endpoint and token (the local REST bridge in development). */
  REDIS_REST_URL: string;
  REDIS_REST_TOKEN: string;
  /** Which keys this deployment accepts. */
  SLUICE_ENVIRONMENT: "production" | "sandbox";
  /** Default requests per minute per key when the key has no limit of its own. */
  RATE_LIMIT_PER_MINUTE?: string;
  /** JSON chain deployment configuration, see packages/core/src/chains/chainConfig.ts. */
  SLUICE_CHAINS?: string;
  /** Bearer token of the operator's admin API. Unset: the admin API answers 401 to everything. */
  ADMIN_TOKEN?: string;
};

/** The per-request services, built lazily once per request and read from the context. */
export type Services = {
  readonly db: Database;
  readonly redis: Redis;
};

export type AppVariables = {
  services: Services;
  /** Set by `requireApiKey` on authenticated routes. */
  auth: AuthenticatedKey;
  requestId: string;
};

export type AppEnv<B extends SluiceBindings = SluiceBindings> = { Bindings: B; Variables: AppVariables };
