import { describe, expect, it } from "vitest";
import { call, createPartner } from "@sluice/testkit";

describe("GET /api/v1/rebates with bad parameters", () => {
  it.each(["2026-00", "2026-13", "26-11", "2026-11-01", "", "november", "0000-01", "1969-12"])("period=%s answers 400 naming period", async (period) => {
    const partner = await createPartner();
    const response = await call(`/api/v1/rebates?period=${period}`, { key: partner.key });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ ok: false, code: "MALFORMED_REQUEST" });
    expect(response.body.error).toMatch(/^period: /);
  });

  it("an account with no volume has no rows", async () => {
    const partner = await createPartner();
    expect((await call("/api/v1/rebates?period=2020-01", { key: partner.key })).body).toEqual({ ok: true, rebates: [] });
  });
});
