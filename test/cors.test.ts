/** Browser dApps are partners too: every public route answers CORS preflight and carries CORS headers. */
import { describe, expect, inject, it } from "vitest";
import { call, createPartner } from "@sluice/testkit";

async function preflight(base: string, path: string, method: string) {
  return fetch(base + path.replace(/\{[^}]+\}/g, "x"), {
    method: "OPTIONS",
    headers: {
      Origin: "https://dapp.example",
      "Access-Control-Request-Method": method.toUpperCase(),
      "Access-Control-Request-Headers": "x-sluice-api-key, content-type",
    },
  });
}

describe("CORS", () => {
  it("every operation of the public document and of the sandbox answers preflight, allowing the key and JSON", async () => {
    const stack = inject("stack");
    for (const [base, documentPath] of [[stack.baseUrl, "/api/v1/openapi.json"], [stack.sandboxUrl, "/openapi.json"]] as const) {
      const document = await (await fetch(base + documentPath)).json() as { paths: Record<string, Record<string, unknown>> };
      const operations = Object.entries(document.paths)
        .filter(([path]) => path.startsWith("/api/v1/") || path === "/health")
        .flatMap(([path, methods]) => Object.keys(methods).map((method) => [path, method] as const));
      expect(operations.length).toBeGreaterThan(3);
      for (const [path, method] of operations) {
        const response = await preflight(base, path, method);
        expect(response.status, `${method} ${path}`).toBe(204);
        expect(response.headers.get("access-control-allow-origin"), path).toBe("*");
        expect(response.headers.get("access-control-allow-headers")?.toLowerCase(), path).toContain("x-sluice-api-key");
        expect(response.headers.get("access-control-allow-headers")?.toLowerCase(), path).toContain("content-type");
        expect(response.headers.get("access-control-allow-methods"), path).toContain(method.toUpperCase());
      }
    }
  });

  it("answers carry the CORS headers, failures included, and expose the rate-limit headers", async () => {
    const partner = await createPartner();
    const origin = { Origin: "https://dapp.example" };
    const ok = await call("/api/v1/account", { key: partner.key, headers: origin });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe("*");
    const refused = await call("/api/v1/route", { key: "0".repeat(40), headers: origin, body: { from: "USDC", to: "WETH", amount: "1" } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect(ok.headers.get("access-control-expose-headers")).toMatch(/Retry-After/);
    // The token list sets its own (its ETag): the same headers exposed, the request id included.
    const tokens = await call("/api/v1/tokens?chain=base", { headers: origin });
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get("access-control-expose-headers")).toBe(ok.headers.get("access-control-expose-headers"));
    expect(tokens.headers.get("access-control-expose-headers")).toMatch(/ETag.*X-Request-Id/);
  });
});
