import { describe, expect, it } from "vitest";
import { call, createPartner, describeAuthFailures, untilMinuteHasRoomFor } from "@sluice/testkit";

const quote = { from: "USDC", to: "WETH", amount: "100", chain: "base" };

// Sandbox keys only on the sandbox (a production key is one of the refused cases of each suite).
for (const path of ["/api/v1/account", "/api/v1/usage", "/api/v1/rebates"]) {
  describeAuthFailures({ method: "GET", path, environment: "sandbox", target: "sandbox" });
}
describeAuthFailures({ method: "POST", path: "/api/v1/route", body: quote, environment: "sandbox", target: "sandbox" });

describe("sandbox key separation", () => {
  it("a sandbox key is refused on production, a production key on the sandbox", async () => {
    const sandbox = await createPartner({ environment: "sandbox" });
    const production = await createPartner({ environment: "production" });
    for (const [key, target] of [[sandbox.key, "api"], [production.key, "sandbox"]] as const) {
      for (const path of ["/api/v1/account", "/api/v1/usage"]) {
        const response = await call(path, { key, target });
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject({ ok: false, error: "Invalid or revoked API key" });
      }
      const routed = await call("/api/v1/route", { key, target, body: quote });
      expect(routed.status).toBe(401);
    }
  });

  it("the 301st request within a minute is limited (the pilot tier's 300 per minute)", async () => {
    const partner = await createPartner({ environment: "sandbox" });
    await untilMinuteHasRoomFor(30_000);
    const statuses: number[] = [];
    for (let batch = 0; batch < 30; batch++) {
      const responses = await Promise.all(Array.from({ length: 10 }, () => call("/api/v1/account", { key: partner.key, target: "sandbox" })));
      statuses.push(...responses.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(300);
    const limited = await call("/api/v1/account", { key: partner.key, target: "sandbox" });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("Invalid or revoked API key");
    expect(limited.headers.get("x-ratelimit-limit")).toBe("300");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
