import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { call } from "@sluice/testkit";

describe("GET /api/v1/tokens is public", () => {
  it("answers without a key, and the same with any key, valid or not", async () => {
    const none = await call("/api/v1/tokens?chain=base");
    expect(none.status).toBe(200);
    const bogus = await call("/api/v1/tokens?chain=base", { key: "not-a-key" });
    const demo = await call("/api/v1/tokens?chain=base", { key: inject("stack").demoKeys.production });
    expect(bogus.status).toBe(200);
    expect(demo.status).toBe(200);
    expect(bogus.body.tokens).toEqual(none.body.tokens);
    expect(demo.body.tokens).toEqual(none.body.tokens);
  });

  it("can be fetched by a browser wallet from any origin", async () => {
    const response = await call("/api/v1/tokens?format=tokenlist", { headers: { Origin: "https://wallet.example" } });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("names no host, URL or secret in its answers, fallback or not", async () => {
    for (const query of ["?chain=polygon", "?chain=nope", "?limit=9999", "?format=tokenlist"]) {
      const text = JSON.stringify((await call(`/api/v1/tokens${query}`)).body);
      expect(text, query).not.toMatch(/127\.0\.0\.1|localhost|redis|postgres|rpc|stack|Error:|at .*\.ts/i);
    }
  });

  it("echoes an unknown parameter's name only shortened", async () => {
    const response = await call(`/api/v1/tokens?${"x".repeat(5000)}=1`);
    expect(response.status).toBe(400);
    expect(response.body.error.length).toBeLessThan(200);
  });
});
