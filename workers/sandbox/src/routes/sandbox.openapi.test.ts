/**
 * The sandbox's own document (`{sandbox}/openapi.json`) documents the /route and /solve it forwards with the swap
 * worker's own definitions; and what the sandbox itself refuses of them carries the swap's failure fields.
 */
import { describe, expect, it } from "vitest";
import { call } from "@sluice/testkit";

type Document = { paths: Record<string, Record<string, any>>; components: Record<string, Record<string, unknown>> };

/** The components `value` refers to, through the components they refer to. */
function referenced(document: Document, value: unknown, found = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) value.forEach((v) => referenced(document, v, found));
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string" && !found.has(inner)) {
        const [, , kind, name] = inner.split("/");
        found.set(inner, document.components[kind!]?.[name!]);
        referenced(document, found.get(inner), found);
      } else referenced(document, inner, found);
    }
  }
  return found;
}

describe("GET {sandbox}/openapi.json", () => {
  it("lists /api/v1/route and /api/v1/solve with the swap worker's request and answer schemas", async () => {
    const sandbox = (await call("/openapi.json", { target: "sandbox" })).body as Document;
    const api = (await call("/api/v1/openapi.json")).body as Document;
    for (const path of ["/api/v1/route", "/api/v1/solve"]) {
      const operation = sandbox.paths[path]?.post;
      expect(operation, path).toBeDefined();
      const production = api.paths[path]!.post;
      expect(operation.requestBody).toEqual(production.requestBody);
      expect(operation.responses).toEqual(production.responses);
      expect(operation.security).toEqual([{ ApiKey: [] }]);
      // Every schema they name is in the document, as the swap defines it.
      const schemas = referenced(sandbox, [operation.requestBody, operation.responses]);
      expect(schemas.size).toBeGreaterThan(0);
      for (const [ref, schema] of schemas) {
        const [, , kind, name] = ref.split("/");
        expect(schema, ref).toEqual(api.components[kind!]![name!]);
      }
    }
    expect(sandbox.paths["/api/v1/route"]!.post.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/RouteRequest" });
    expect(sandbox.paths["/api/v1/solve"]!.post.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/SolveRequest" });
    // Its own routes are still there, and nothing else of the swap worker's.
    expect(Object.keys(sandbox.paths)).toEqual(expect.arrayContaining(["/health", "/api/v1/account", "/api/v1/webhooks"]));
    expect(Object.keys(sandbox.paths)).not.toContain("/api/v1/confirm");
  });
});

describe("POST {sandbox}/api/v1/route refused by the sandbox itself", () => {
  it("a body past 1 MB answers gaslessEligible and computeMs, as the swap's failures do", async () => {
    const response = await call("/api/v1/route", {
      target: "sandbox", body: { from: "USDC", to: "WETH", amount: "1", chain: "base", padding: "a".repeat(1024 * 1024) },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      ok: false, code: "MALFORMED_REQUEST", error: "body: larger than 1 MB, the most this endpoint accepts",
      gaslessEligible: false, computeMs: expect.any(Number),
    });
  });
});
