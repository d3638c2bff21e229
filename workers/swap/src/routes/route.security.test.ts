import { describe, expect, it } from "vitest";
import { call, createPartner, describeAuthFailures } from "@sluice/testkit";

const body = { from: "USDC", to: "WETH", amount: "25", chain: "base" };

describeAuthFailures({ method: "POST", path: "/api/v1/route", body, environment: "production" });

describe("POST /api/v1/route — refusals keep the route failure shape", () => {
  it("a missing key answers 401 with gaslessEligible false and computeMs", async () => {
    const r = await call("/api/v1/route", { body });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ ok: false, error: "Invalid or revoked API key", gaslessEligible: false });
    expect(typeof r.body.computeMs).toBe("number");
  });

  it("malformed JSON answers 400 in the failure shape, without internals", async () => {
    const partner = await createPartner();
    const r = await call("/api/v1/route", { key: partner.key, rawBody: "{not json", headers: { "Content-Type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, gaslessEligible: false });
    expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts|stack/i);
  });

  it("a sandbox key is refused by the production quote endpoint", async () => {
    const partner = await createPartner({ environment: "sandbox" });
    const r = await call("/api/v1/route", { key: partner.key, body });
    expect(r.status).toBe(401);
  });

  it("oversized inputs are refused, not processed", async () => {
    const partner = await createPartner();
    const r = await call("/api/v1/route", { key: partner.key, body: { ...body, from: "X".repeat(500) } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^from: /);
  });
});
