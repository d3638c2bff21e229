import { describe, expect, it } from "vitest";
import { call, createPartner } from "@sluice/testkit";

describe("GET /api/v1/usage with bad parameters", () => {
  it.each([
    ["limit=0", "limit"], ["limit=1001", "limit"], ["limit=0x10", "limit"], ["limit=1e3", "limit"], ["limit=%2010", "limit"], ["limit=abc", "limit"], ["limit=1.5", "limit"], ["limit=-3", "limit"],
    ["period=2026-13", "period"], ["period=2026-1", "period"], ["period=november", "period"], ["period=", "period"],
    ["event_type=swap", "event_type"], ["event_type=", "event_type"],
    ["cursor=not-a-cursor", "cursor"], ["cursor=WyJ4IiwieSJd", "cursor"],
    // Impossible dates never reach SQL: year 0, a month 13, 30 February, 24 o'clock.
    ["period=0000-01", "period"], ["period=1969-12", "period"],
    ...["0000-01-01T00:00:00.000000", "2026-13-01T00:00:00.000000", "2026-02-30T00:00:00.000000", "2026-11-01T24:00:00.000000"]
      .map((time) => [`cursor=${Buffer.from(JSON.stringify([time, "evt_x"])).toString("base64url")}`, "cursor"]),
  ])("%s answers 400 naming %s", async (query, field) => {
    const partner = await createPartner();
    const response = await call(`/api/v1/usage?${query}`, { key: partner.key });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ ok: false, code: "MALFORMED_REQUEST" });
    expect(response.body.error).toMatch(new RegExp(`^${field}: `));
  });
});
