/**
 * The `stack-neon` project's own check that its workers really use Neon's serverless driver: with the WebSocket
 * proxy cut while PostgreSQL itself still answers over TCP, the workers lose their database (they would not notice
 * if they used `pg`), and get it back with the proxy.
 */
import { describe, expect, inject, it } from "vitest";
import { call, createPartner, faults, query, sandboxHealthOnce, withOutage } from "@sluice/testkit";

/** The test's own connection to the stack's database (`pg` over TCP, not through any proxy). */
async function postgresAnswersOverTcp(): Promise<boolean> {
  return (await query<{ one: number }>("select 1 as one"))[0]?.one === 1;
}

describe("the workers on Neon's serverless driver", () => {
  it("the stack runs the workers with DATABASE_DRIVER=neon", () => {
    expect(inject("stack").databaseDriver).toBe("neon");
  });

  it("public entry: without the WebSocket proxy a database read is 503 although Postgres is up; back with it", async () => {
    const partner = await createPartner();
    expect((await call("/api/v1/account", { key: partner.key })).status).toBe(200);
    await withOutage(faults.neonProxy, async () => {
      expect(await postgresAnswersOverTcp()).toBe(true);
      for (const path of ["/api/v1/account", "/api/v1/usage"]) {
        const response = await call(path, { key: partner.key });
        expect(response.status, path).toBe(503);
        expect(response.body).toMatchObject({ ok: false, code: "DEPENDENCY_DOWN" });
      }
      // The sandbox deployment has a proxy of its own: its Postgres is still up.
      const sandbox = await sandboxHealthOnce((r) => r.body.dependencies?.postgres?.status === "up");
      expect(sandbox.body.dependencies.postgres.status).toBe("up");
    });
    const again = await call("/api/v1/account", { key: partner.key });
    expect(again.status).toBe(200);
    expect(again.body.account.id).toBe(partner.accountId);
  });

  it("sandbox: its health reports Postgres down without its WebSocket proxy, and up again with it", async () => {
    await withOutage(faults.sandbox.neonProxy, async () => {
      expect(await postgresAnswersOverTcp()).toBe(true);
      // The sandbox's isolate reuses a health check for a few seconds: the outage shows within that window.
      const response = await sandboxHealthOnce((r) => r.status === 503);
      expect(response.status).toBe(503);
      expect(response.body.dependencies.postgres.status).toBe("down");
    });
    expect((await sandboxHealthOnce((r) => r.body.dependencies?.postgres?.status === "up")).body.dependencies.postgres.status).toBe("up");
  });
});
