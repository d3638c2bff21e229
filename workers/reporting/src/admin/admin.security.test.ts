import { describe, expect, it } from "vitest";
import { call } from "../../../../test/support/http.js";
import { createPartner } from "../../../../test/support/partners.js";

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

  it("a partner key does not open the admin API", async () => {
    const partner = await createPartner();
    const response = await call("/admin/v1/accounts", { key: partner.key, body: { slug: "zz-zz", name: "x" } });
    expect(response.status).toBe(401);
  });
});
