/**
 * The reference is a partner's: servers, tags in the interface's order, an operationId on every operation, keyless
 * operations marked so, no admin endpoints or internal ping (they have their own document), and request examples the
 * running API accepts.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { call, createPartner } from "@sluice/testkit";

type Document = {
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, { operationId: string; security: unknown[]; tags: string[];
    requestBody?: { content: { "application/json": { schema: { $ref?: string; properties?: Record<string, { example?: unknown }> } } } } }>>;
  components: { schemas: Record<string, { properties?: Record<string, { example?: unknown }>; required?: string[] }> };
};

describe("the OpenAPI documents", () => {
  it("the partner reference has servers, tags in order, unique operationIds, and neither admin nor ping", async () => {
    const doc = (await call("/api/v1/openapi.json")).body as Document;
    expect(doc.servers.length).toBeGreaterThanOrEqual(2);
    expect(doc.tags.map((t) => t.name)).toEqual(["Swap", "Tokens", "Reporting", "Bridge", "Webhooks"]);
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, ...op })));
    expect(operations.every((o) => o.path.startsWith("/api/v1/") && o.path !== "/api/v1/ping")).toBe(true);
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(["postRoute", "postSolve", "postConfirm", "getTokens", "getUsage", "postBridgeQuote"]));
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      "/api/v1/webhooks", "/api/v1/webhooks/{id}", "/api/v1/webhooks/{id}/test", "/api/v1/webhooks/{id}/deliveries",
    ]));
    expect(doc.paths["/api/v1/webhooks"]!.post!.tags).toEqual(["Webhooks"]);
    expect(doc.paths["/api/v1/tokens"]!.get!.security).toEqual([]);
    expect(doc.paths["/api/v1/route"]!.post!.security).toEqual([{ ApiKey: [] }]);
  });

  it("the operator's reference is its own document, with only the admin API", async () => {
    const doc = (await call("/admin/v1/openapi.json")).body as Document;
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(3);
    expect(paths.every((p) => p.startsWith("/admin/v1/"))).toBe(true);
    for (const page of ["/docs", "/admin/docs"]) {
      const html = await fetch(`${inject("stack").baseUrl}${page}`);
      expect(html.status).toBe(200);
      expect(await html.text()).toContain("/docs/scalar.js");
    }
    // The viewer's script is a static asset; a path beside it that is no asset is the worker's (a JSON 404).
    const script = await fetch(`${inject("stack").baseUrl}/docs/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect((await script.text()).length).toBeGreaterThan(1_000);
    const missing = await fetch(`${inject("stack").baseUrl}/docs/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/json/);
    await missing.body?.cancel();
  });

  it("the /route example, built from the documented examples, is accepted by the running API", async () => {
    const doc = (await call("/api/v1/openapi.json")).body as Document;
    const ref = doc.paths["/api/v1/route"]!.post!.requestBody!.content["application/json"].schema.$ref!;
    const schema = doc.components.schemas[ref.split("/").pop()!]!;
    const example = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([, p]) => p.example !== undefined).map(([k, p]) => [k, p.example]));
    expect(Object.keys(example)).toEqual(expect.arrayContaining(["from", "to", "amount", "chain", "fromAddress", "toAddress"]));
    const partner = await createPartner();
    const answer = await call("/api/v1/route", { key: partner.key, body: example });
    expect(answer.status, JSON.stringify(answer.body)).not.toBe(400);
  });

  it("both documents pass Redocly's recommended lint with no error and no warning", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sluice-openapi-"));
    try {
      // Both documents are fetched before any lint: a lint blocks the event loop, which leaves an idle keep-alive
      // connection to the stack stale for the next request.
      const files: string[] = [];
      for (const path of ["/api/v1/openapi.json", "/admin/v1/openapi.json"]) {
        const file = join(dir, `${path.split("/")[1]}.json`);
        writeFileSync(file, JSON.stringify((await call(path)).body));
        files.push(file);
      }
      for (const file of files) {
        const lint = spawnSync("pnpm", ["exec", "redocly", "lint", file, "--extends", "recommended", "--format", "summary"], {
          encoding: "utf8", timeout: 120_000, env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        });
        const output = `${lint.stdout}\n${lint.stderr}`;
        expect(lint.status, output).toBe(0);
        expect(output, output).toMatch(/Your API description is valid/);
        expect(output, output).not.toMatch(/^\s*(warning|error) [a-z0-9-]+: \d+/m);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
