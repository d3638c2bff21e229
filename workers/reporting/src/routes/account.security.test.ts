import { describe, expect, it } from "vitest";
import { call, createPartner, describeAuthFailures, untilMinuteHasRoomFor } from "@sluice/testkit";

describeAuthFailures({ method: "GET", path: "/api/v1/account", environment: "production" });

describe("GET /api/v1/account rate limit", () => {
  it("trips at its configured number and recovers when the window has passed", async () => {
    const partner = await createPartner({ rateLimitPerMinute: 1 });
    await untilMinuteHasRoomFor(10_000);
    expect((await call("/api/v1/account", { key: partner.key })).status).toBe(200);
    const limited = await call("/api/v1/account", { key: partner.key });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 500));
    expect((await call("/api/v1/account", { key: partner.key })).status).toBe(200);
  }, 90_000);
});
