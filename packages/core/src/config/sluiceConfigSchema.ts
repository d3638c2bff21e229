import { z } from "zod";
import { parseChainConfig } from "../chains/chainConfig.js";

/** An optional positive integer setting, given as a string (wrangler vars and secrets are strings). */
export const positiveIntSetting = () =>
  z.string().optional().transform((v, ctx) => {
    if (v === undefined || v === "") return undefined;
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n <= 0) {
      ctx.addIssue({ code: "custom", message: `must be a positive integer, got ${JSON.stringify(v)}` });
      return z.NEVER;
    }
    return n;
  });

/**
 * The configuration every worker reads (wrangler vars and secrets), validated once per isolate. Each worker extends
 * it with its own settings (`workers/<area>/src/env.ts`); nothing reads a setting from `c.env` directly.
 */
export const sluiceConfigSchema = z.object({
  /** Postgres connection string (Neon in production, any Postgres locally). */
  DATABASE_URL: z.string().min(1),
  /** `pg` (TCP, also through Hyperdrive) or `neon` (Neon's serverless driver); default by the URL's host. */
  DATABASE_DRIVER: z.enum(["pg", "neon"]).optional(),
  /**
   * Local development and tests only, never set in production: the WebSocket-to-TCP proxy (`host:port/path`) through
   * which the `neon` driver reaches a local Postgres (the dev stack's `startNeonWsProxy`).
   */
  NEON_WS_PROXY: z.string().optional(),
  /** Upstash REST endpoint and token (the local REST bridge in development); required unless `REDIS_URL` is set. */
  REDIS_REST_URL: z.string().url().optional(),
  REDIS_REST_TOKEN: z.string().min(1).optional(),
  /**
   * The Node host only (packages/node-host): Redis over TCP, `redis://…` or `rediss://…`, one connection shared by
   * every area (handed to them as the `REDIS` binding); the REST settings are then not needed.
   */
  REDIS_URL: z.string().url().refine((v) => /^rediss?:\/\//.test(v), "must be a redis:// or rediss:// URL").optional(),
  /** Which keys this deployment accepts. */
  SLUICE_ENVIRONMENT: z.enum(["production", "sandbox"]),
  /** Requests per minute per key when the key has no limit of its own; default by environment. */
  RATE_LIMIT_PER_MINUTE: positiveIntSetting(),
  /** API-key lookups in Postgres (keys the cache does not hold) one client may cause per minute; default 120. */
  AUTH_MISSES_PER_MINUTE: positiveIntSetting(),
  /** JSON chain deployment configuration (see chains/chainConfig.ts), checked here so a bad one fails at once. */
  SLUICE_CHAINS: z.string().optional().superRefine((v, ctx) => {
    try {
      parseChainConfig(v);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : "must be valid JSON" });
    }
  }),
  /**
   * Bearer token of the operator's admin API and dashboard sign-in. Unset (or empty): the admin API answers 401 to
   * everything. When set, at least 32 characters without whitespace: it is the whole of the operator's access, and a
   * short one can be guessed (DEPLOY.md: generate 32+ random bytes); a deployment with a weak one refuses to run.
   */
  ADMIN_TOKEN: z.string().optional().superRefine((v, ctx) => {
    if (v === undefined || v === "") return;
    if (v.length < 32) {
      ctx.addIssue({ code: "custom", message: `must be at least 32 characters (got ${v.length}); generate one with \`openssl rand -hex 32\`` });
    } else if (/\s/.test(v)) {
      ctx.addIssue({ code: "custom", message: "must not contain whitespace (it is sent as `Authorization: Bearer <token>`)" });
    }
  }),
}).superRefine((config, ctx) => {
  if (config.REDIS_URL) return;
  for (const setting of ["REDIS_REST_URL", "REDIS_REST_TOKEN"] as const) {
    if (!config[setting]) ctx.addIssue({ code: "custom", path: [setting], message: "required (or REDIS_URL on the Node host)" });
  }
});

export type SluiceConfig = z.infer<typeof sluiceConfigSchema>;
