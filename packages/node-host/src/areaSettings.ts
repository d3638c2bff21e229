import type { z } from "zod";
import type { WranglerConfig } from "./readWranglerConfig.js";

export type AreaSettingsParameters = {
  /** The area's settings schema (the worker's own); without one (the gateway) it gets only its `[vars]`. */
  schema?: z.ZodObject;
  wrangler: WranglerConfig;
  /** Every secret some deployment's wrangler.toml requires. */
  anySecret: ReadonlySet<string>;
  /** The process's settings. */
  settings: Record<string, string | undefined>;
};

/**
 * The settings one area gets, as wrangler gives them on Workers: of the settings its schema declares, a secret only
 * when its own wrangler.toml requires it (the sandbox's swap never sees `RELAYER_PRIVATE_KEYS`, nor the sandbox
 * `ADMIN_TOKEN`), other settings as the process has them; its `[vars]` last, so they always win
 * (`SLUICE_ENVIRONMENT=sandbox` on the sandbox whatever the process says). One default differs from Workers':
 * `DATABASE_DRIVER` is `pg` unless set. Workers pick Neon's serverless driver for a `*.neon.tech` URL (a Worker has no
 * plain TCP to Postgres without Hyperdrive); a Node process has TCP, which Neon accepts (with `sslmode=require`), while
 * the serverless driver needs a global `WebSocket`, which Node 20 lacks: a Neon URL would not connect at all.
 */
export function areaSettings({ schema, wrangler, anySecret, settings }: AreaSettingsParameters): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of schema ? Object.keys(schema.shape) : []) {
    if (anySecret.has(key) && !wrangler.secrets.includes(key)) continue;
    const value = settings[key];
    if (value !== undefined) env[key] = value;
  }
  if (schema && "DATABASE_DRIVER" in schema.shape) env.DATABASE_DRIVER ??= "pg";
  return Object.assign(env, wrangler.vars);
}
