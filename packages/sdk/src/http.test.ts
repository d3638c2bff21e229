/**
 * What the SDK does with answers that are not Sluice's JSON — a proxy's HTML error page, an empty body, a JSON array —
 * served by a plain HTTP server on 127.0.0.1 standing in for whatever sits between a partner and Sluice.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSluiceClient } from "./client.js";
import { SluiceApiError } from "./errors.js";

let server: Server;
let baseUrl: string;
let streamClosed = false;
const seen: { url: string; key: string | undefined; contentType: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.headers["x-sluice-api-key"] === "c".repeat(40)) return; // never answers
    if (req.headers["x-sluice-api-key"] === "d".repeat(40)) { // an endless JSON string, streamed without a length
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write(`{"ok":true,"pad":"`);
      const chunk = "x".repeat(64 * 1024);
      const more = () => { while (!res.destroyed && res.write(chunk)); if (!res.destroyed) res.once("drain", more); };
      res.on("close", () => { streamClosed = true; });
      return more();
    }
    if (req.headers["x-sluice-api-key"] === "e".repeat(40)) {
      return res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(2_000_000) }).end(`{"ok":true,"pad":"${"x".repeat(2_000_000 - 19)}"}`);
    }
    seen.push({ url: req.url!, key: req.headers["x-sluice-api-key"] as string | undefined, contentType: req.headers["content-type"] });
    const path = new URL(req.url!, "http://x").pathname;
    if (path.endsWith("/account")) return res.writeHead(502, { "Content-Type": "text/html" }).end("<html>Bad gateway</html>");
    if (path.endsWith("/rebates")) return res.writeHead(200, { "Content-Type": "application/json" }).end("[1,2]");
    if (path.endsWith("/usage")) return res.writeHead(429, { "Content-Type": "application/json", "Retry-After": "17" }).end(JSON.stringify({ ok: false, error: "Invalid or revoked API key", code: "RATE_LIMITED" }));
    if (path.endsWith("/tokens")) return res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ ok: true, chain: "base", count: 0, source: "indexed", tokens: [] }));
    return res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prefix`;
});
afterAll(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error("expected a failure"); }, (e: unknown) => e as SluiceApiError);

describe("the SDK's HTTP layer", () => {
  it("an answer that is not a JSON object is INVALID_RESPONSE with the status and the start of the body", async () => {
    const sluice = createSluiceClient({ baseUrl, apiKey: "a".repeat(40) });
    const html = await failure(sluice.account());
    expect(html).toBeInstanceOf(SluiceApiError);
    expect(html).toMatchObject({ code: "INVALID_RESPONSE", status: 502, request: "GET /prefix/api/v1/account" });
    expect(html.message).toContain("<html>Bad gateway</html>");
    expect(await failure(sluice.rebates())).toMatchObject({ code: "INVALID_RESPONSE", status: 200 });
  });

  it("an answer over 1 MB is refused: a declared length unread, a stream as soon as it passes the limit", async () => {
    const streamed = await failure(createSluiceClient({ baseUrl, apiKey: "d".repeat(40) }).account());
    expect(streamed).toMatchObject({ code: "INVALID_RESPONSE", status: 200, request: "GET /prefix/api/v1/account" });
    expect(streamed.message).toContain("limit of 1000000 bytes (1 MB)");
    await expect.poll(() => streamClosed).toBe(true);
    const declared = await failure(createSluiceClient({ baseUrl, apiKey: "e".repeat(40) }).account());
    expect(declared).toMatchObject({ code: "INVALID_RESPONSE", status: 200 });
    expect(declared.message).toContain("1000000 bytes");
  });

  it("a failure carries its code, message and Retry-After", async () => {
    const error = await failure(createSluiceClient({ baseUrl, apiKey: "a".repeat(40) }).usage({ period: "2026-11" }).toArray());
    expect(error).toMatchObject({ code: "RATE_LIMITED", status: 429, message: "Invalid or revoked API key", retryAfter: 17, fields: {} });
  });

  it("a request that gets no answer is abandoned after the client's timeout, or sooner by the caller's signal", async () => {
    const quick = createSluiceClient({ baseUrl, apiKey: "c".repeat(40), timeoutMs: 300 });
    await expect(quick.account()).rejects.toMatchObject({ name: "TimeoutError" });
    const caller = new AbortController();
    const asked = createSluiceClient({ baseUrl, apiKey: "c".repeat(40) }).account(caller.signal);
    caller.abort();
    await expect(asked).rejects.toMatchObject({ name: "AbortError" });
  });

  it("keeps the base URL's path, sends the key only when there is one, and JSON bodies only with a body", async () => {
    seen.length = 0;
    await createSluiceClient({ baseUrl: `${baseUrl}/`, apiKey: "" }).tokens({ chain: "base", search: "US D" });
    await failure(createSluiceClient({ baseUrl, apiKey: "b".repeat(40) }).account());
    expect(seen).toEqual([
      { url: "/prefix/api/v1/tokens?chain=base&search=US+D", key: undefined, contentType: undefined },
      { url: "/prefix/api/v1/account", key: "b".repeat(40), contentType: undefined },
    ]);
  });
});
