import { describe, expect, it } from "vitest";
import { faults, sandboxHealthOnce, withOutage } from "@sluice/testkit";

describe("GET {sandbox}/health", () => {
  it("reports every dependency up without a key, and leaks no address or secret", async () => {
    const response = await sandboxHealthOnce((r) => r.body.status === "ok");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      ok: true, status: "ok",
      dependencies: { postgres: { status: "up" }, redis: { status: "up" },
        chains: { ethereum: { status: "up" }, base: { status: "up" }, arbitrum: { status: "up" }, polygon: { status: "up" } } },
    });
    expect(JSON.stringify(response.body)).not.toMatch(/127\.0\.0\.1|postgres:\/\/|http:\/\/|token/i);
  });

  it("reports a stopped chain RPC as down (degraded, still serving)", async () => {
    await withOutage(faults.sandbox.rpc("polygon"), async () => {
      const response = await sandboxHealthOnce((r) => r.body.dependencies?.chains?.polygon?.status === "down");
      expect(response.status).toBe(200);
      expect(response.body.status).toBe("degraded");
      expect(response.body.dependencies.chains.polygon.status).toBe("down");
      expect(response.body.dependencies.chains.base.status).toBe("up");
    });
  });

  it("reports Postgres down as down with 503", async () => {
    await withOutage(faults.sandbox.postgres, async () => {
      const response = await sandboxHealthOnce((r) => r.body.dependencies?.postgres?.status === "down");
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ ok: false, status: "down", dependencies: { postgres: { status: "down" } } });
    });
  });

  it("reports Redis down as down with 503", async () => {
    await withOutage(faults.sandbox.redis, async () => {
      const response = await sandboxHealthOnce((r) => r.body.dependencies?.redis?.status === "down");
      expect(response.status).toBe(503);
      expect(response.body.dependencies.redis.status).toBe("down");
    });
  });

  it("reports every dependency up again once the outages are over", async () => {
    const response = await sandboxHealthOnce((r) => r.body.status === "ok");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ok: true, status: "ok" });
  });
});
