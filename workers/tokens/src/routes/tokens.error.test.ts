import { describe, expect, it } from "vitest";
import { call } from "@sluice/testkit";

const get = (query: string) => call(`/api/v1/tokens${query}`);

describe("GET /api/v1/tokens bad input: a 400 naming the parameter, never a 5xx", () => {
  it.each([
    ["?chain=solana", "chain"],
    ["?chain=BASE", "chain"],
    ["?chain=unichain", "chain"],
    ["?chain=", "chain"],
    ["?limit=0", "limit"],
    ["?limit=501", "limit"],
    ["?limit=100000000", "limit"],
    ["?limit=-1", "limit"],
    ["?limit=1.5", "limit"],
    ["?limit=ten", "limit"],
    ["?limit=", "limit"],
    ["?format=csv", "format"],
    [`?search=${"a".repeat(65)}`, "search"],
    ["?limt=5", "limt"],
    ["?chain=base&chain=polygon", "chain"],
    ["?limit=5&limit=6", "limit"],
  ])("%s", async (query, field) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ ok: false, code: "MALFORMED_REQUEST" });
    expect(response.body.error).toMatch(new RegExp(`^${field}: `));
  });

  it("accepts the bounds of limit", async () => {
    expect((await get("?limit=1")).status).toBe(200);
    expect((await get("?limit=500")).status).toBe(200);
  });

  it("says which parameters exist when one is unknown", async () => {
    const response = await get("?page=2");
    expect(response.body.error).toBe("page: unknown parameter (accepted: chain, search, limit, format)");
  });

  it("treats search as text: odd characters match nothing rather than fail", async () => {
    for (const search of ["%00", "'; drop table tokens; --", "(.*)", "0xZZ", "\u{1F600}", "%E2%80%8B", "0x"]) {
      const response = await get(`?search=${encodeURIComponent(decodeURIComponent(search))}`);
      expect(response.status, search).toBe(200);
    }
    expect((await get(`?search=${encodeURIComponent("(.*)")}`)).body.tokens).toEqual([]);
  });

  it("answers a method other than GET with a JSON error", async () => {
    const response = await call("/api/v1/tokens", { method: "POST", body: {} });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.ok).toBe(false);
  });
});
