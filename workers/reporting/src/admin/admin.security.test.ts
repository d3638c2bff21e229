import { describe, expect, inject, it } from "vitest";
import { call, createPartner } from "@sluice/testkit";

describe("admin API security", () => {
  it.each([
    ["no token", {}],
    ["a wrong token", { Authorization: "Bearer nope" }],
    ["a partner's API key", { Authorization: "Bearer 0123456789abcdef0123456789abcdef01234567" }],
  ])("refuses %s with 401", async (_, headers) => {
    for (const [path, method] of [["/admin/v1/accounts", "POST"], ["/admin/v1/accounts/demo", "GET"], ["/admin/v1/keys/k/revoke", "POST"]] as const) {
      const response = await call(path, { method, headers, body: method === "POST" ? { slug: "zz-zz", name: "x" } : undefined });
      expect(response.status).toBe(401);
      expect(response.body.ok).toBe(false);
    }
  });

  it("takes the token only as `Bearer <token>`: bare, another scheme or a doubled space are refused", async () => {
    const token = inject("stack").adminToken;
    for (const authorization of [token, `bearer ${token}`, `Bearer  ${token}`, `Basic ${token}`, `Bearer ${token}x`]) {
      const response = await call("/admin/v1/accounts/demo", { headers: { Authorization: authorization } });
      expect(response.status, authorization.replace(token, "<token>")).toBe(401);
    }
    expect((await call("/admin/v1/accounts/demo", { headers: { Authorization: `Bearer ${token}` } })).status).not.toBe(401);
  });

  it("a partner key does not open the admin API", async () => {
    const partner = await createPartner();
    const response = await call("/admin/v1/accounts", { key: partner.key, body: { slug: "zz-zz", name: "x" } });
    expect(response.status).toBe(401);
  });
});
