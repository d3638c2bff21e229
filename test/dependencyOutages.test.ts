import { describe, expect, it } from "vitest";
import { admin, call, createPartner, faults, withOutage } from "@sluice/testkit";

describe("when a dependency of ours is down", () => {
  it("Postgres down: an authenticated read answers 503 in the JSON envelope, and works again once it is back", async () => {
    const partner = await createPartner();
    await withOutage(faults.postgres, async () => {
      const response = await call("/api/v1/account", { key: partner.key });
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ ok: false, code: "DEPENDENCY_DOWN" });
      expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts|stack/i);
    });
    expect((await call("/api/v1/account", { key: partner.key })).status).toBe(200);
  });

  it("Redis down: keys are checked against Postgres and requests still succeed (the limits are counted in the isolate)", async () => {
    const partner = await createPartner();
    await withOutage(faults.redis, async () => {
      const response = await call("/api/v1/account", { key: partner.key });
      expect(response.status).toBe(200);
      expect(response.body.account.id).toBe(partner.accountId);
      expect((await call("/api/v1/account", { key: "0123456789abcdef0123456789abcdef01234567" })).status).toBe(401);
    });
  });

  it("Redis down: a revoked key is still refused (Postgres is the truth)", async () => {
    const partner = await createPartner();
    await admin(`/admin/v1/keys/${partner.keyId}/revoke`, { method: "POST" });
    await withOutage(faults.redis, async () => {
      expect((await call("/api/v1/account", { key: partner.key })).status).toBe(401);
    });
  });
});
