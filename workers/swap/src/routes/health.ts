import type { OpenAPIHono } from "@hono/zod-openapi";
import { relayerHealth } from "@sluice/core";
import type { SwapEnv } from "../env.js";

/** A balance check older than this is repeated when the health route is asked. */
const HEALTH_MAX_AGE_MS = 60_000;

/**
 * `GET /internal/health`: the gasless relayers per chain (how many, how many funded), for the public entry's `/health`.
 * Reached only through the gateway's service binding (no public path maps here). Redis down: `relayers` is null.
 */
export function registerHealth(app: OpenAPIHono<SwapEnv>) {
  app.get("/internal/health", async (c) => {
    const config = c.get("config");
    const relayers = await relayerHealth({
      redis: c.get("services").redis, sluiceChains: config.SLUICE_CHAINS, relayerPrivateKeys: config.RELAYER_PRIVATE_KEYS,
      maxAgeMs: config.RELAYER_BALANCE_MAX_AGE_MS ?? HEALTH_MAX_AGE_MS,
    }).catch(() => null);
    return c.json({ ok: true as const, relayers });
  });
}
