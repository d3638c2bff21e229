/**
 * `/api/v1/bridge/chains` on a deployment serving fewer chains than the registry's four: the bridge app run in this
 * process on the stack's Postgres and Redis, with a SLUICE_CHAINS of two chains (the stack's own serves all four).
 */
import { describe, expect, inject, it } from "vitest";
import { createPartner } from "@sluice/testkit";
import bridge from "../index.js";

describe("GET /api/v1/bridge/chains on a deployment of fewer chains", () => {
  it("lists only the chains its SLUICE_CHAINS serves, as /bridge/quote and /bridge/track decide it", async () => {
    const stack = inject("stack");
    const served = JSON.parse(stack.sluiceChains) as Record<string, unknown>;
    const env = {
      DATABASE_URL: stack.databaseUrl, DATABASE_DRIVER: "pg", REDIS_REST_URL: stack.redisRestUrl, REDIS_REST_TOKEN: stack.redisRestToken,
      SLUICE_ENVIRONMENT: "production", SLUICE_CHAINS: JSON.stringify({ base: served.base, arbitrum: served.arbitrum }),
    };
    const { key } = await createPartner();
    const response = await bridge.fetch(new Request("http://bridge.internal/api/v1/bridge/chains", { headers: { "X-Sluice-API-Key": key } }), env, undefined as never);
    const body = await response.json() as { ok: boolean; chains: { chainId: number }[] };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.chains.map((c) => c.chainId)).toEqual([8453, 42161]);
  });
});
