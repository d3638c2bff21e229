import { describe, expect, it } from "vitest";
import { admin, call, createPartner } from "@sluice/testkit";

describe("GET /api/v1/account", () => {
  it("answers the key's own account with the interface's fields", async () => {
    const partner = await createPartner({ rebateBps: 25 });
    const response = await call("/api/v1/account", { key: partner.key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ok: true,
      account: { id: partner.accountId, slug: partner.slug, name: `Partner ${partner.slug}`, rebate_bps: 25, rebate_active: true },
    });
    expect(response.headers.get("x-ratelimit-limit")).toBeTruthy();
  });

  it("a key of one account never sees another account", async () => {
    const [a, b] = await Promise.all([createPartner({ rebateBps: 1 }), createPartner({ rebateBps: 2 })]);
    const [seenByA, seenByB] = await Promise.all([
      call("/api/v1/account", { key: a.key }), call("/api/v1/account", { key: b.key }),
    ]);
    expect(seenByA.body.account.id).toBe(a.accountId);
    expect(seenByB.body.account.id).toBe(b.accountId);
    expect(JSON.stringify(seenByA.body)).not.toContain(b.accountId);
  });

  it("reflects an operator's rate change on the next request", async () => {
    const partner = await createPartner({ rebateBps: 5 });
    await admin(`/admin/v1/accounts/${partner.slug}`, { method: "PATCH", body: { rebateBps: 40, rebateActive: false } });
    const response = await call("/api/v1/account", { key: partner.key });
    expect(response.body.account).toMatchObject({ rebate_bps: 40, rebate_active: false });
  });
});
