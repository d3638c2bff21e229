/**
 * A partner session's pages count under its key's rate limit, as its API calls do: one sign-in is not eight hours of
 * unlimited page loads (each runs queries and chain reads).
 */
import { describe, expect, it } from "vitest";
import { createPartner, page, signInPages, untilMinuteHasRoomFor } from "@sluice/testkit";

describe("dashboard sessions under a key's rate limit", () => {
  it("past its key's requests per minute a session's page answers 429 with Retry-After; another key's session is not affected", async () => {
    const limited = await createPartner({ rateLimitPerMinute: 3 });
    const other = await createPartner({ rateLimitPerMinute: 3 });
    await untilMinuteHasRoomFor(20_000);
    const session = await signInPages("partner", limited.key); // loads the overview once: the first of three
    for (let i = 0; i < 2; i++) expect((await page("/dashboard", { cookies: session.cookies })).status).toBe(200);
    const refused = await page("/dashboard", { cookies: session.cookies });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.text).not.toContain(limited.slug);
    // Every page of the session is refused until the minute frees up; another key's session has its own limit.
    const again = await page("/dashboard/rebates", { cookies: session.cookies });
    expect(again.status).toBe(429);
    const otherSession = await signInPages("partner", other.key);
    expect((await page("/dashboard", { cookies: otherSession.cookies })).status).toBe(200);
  });
});
