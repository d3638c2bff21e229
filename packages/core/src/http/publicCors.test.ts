import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { PUBLIC_EXPOSED_HEADERS, publicCors } from "./publicCors.js";

/**
 * A forwarded answer (a service binding's, like the gateway's `c.env[area].fetch`) has immutable headers. One that
 * lacks the CORS headers must still get them, keeping its status and Retry-After, not become a 500 without CORS.
 */
describe("publicCors on a forwarded answer", () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/busy") {
        response.writeHead(503, { "content-type": "application/json", "retry-after": "7" }).end(JSON.stringify({ ok: false, code: "DEPENDENCY_DOWN" }));
      } else {
        response.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "https://kept.example" }).end("{\"ok\":true}");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** An app like the gateway: CORS on /api/v1/*, the answer of a stub binding passed on untouched. */
  function gateway() {
    const binding = { fetch: (path: string) => fetch(`${url}${path}`) };
    const app = new Hono();
    app.use("/api/v1/*", publicCors());
    app.get("/api/v1/busy", () => binding.fetch("/busy"));
    app.get("/api/v1/cors", () => binding.fetch("/cors"));
    return app;
  }

  it("the stub's answer has immutable headers (what the fix is for)", async () => {
    const response = await fetch(`${url}/busy`);
    expect(() => response.headers.set("x-test", "1")).toThrow(TypeError);
    await response.text();
  });

  it("an immutable 503 without CORS headers comes back as the 503, with them and its Retry-After and body", async () => {
    const response = await gateway().request("/api/v1/busy", { headers: { Origin: "https://dapp.example" } });
    expect(response.status).toBe(503);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")).toBe(PUBLIC_EXPOSED_HEADERS);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ ok: false, code: "DEPENDENCY_DOWN" });
  });

  it("an answer carrying its CORS headers is passed on as it is", async () => {
    const response = await gateway().request("/api/v1/cors");
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://kept.example");
    expect(response.headers.get("access-control-expose-headers")).toBeNull();
  });

  it("an answer of the app's own gets the headers as before, without a copy", async () => {
    const app = new Hono();
    app.use("/api/v1/*", publicCors());
    let own: Response | undefined;
    app.get("/api/v1/own", (c) => (own = c.json({ ok: true }, 429, { "Retry-After": "3" })));
    const response = await app.request("/api/v1/own");
    expect(response).toBe(own);
    expect(response.status).toBe(429);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("retry-after")).toBe("3");
  });
});
