import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { startCronTicker } from "./cronTicker.js";

/** A stand-in admin API on 127.0.0.1 that records each delivery request and answers as told (or holds it). */
async function startAdmin(answer: (n: number) => "hold" | number) {
  const requests: { n: number; authorization?: string }[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const n = requests.push({ n: requests.length + 1, authorization: request.headers.authorization });
    request.resume();
    const reply = answer(n);
    if (reply === "hold") return void held.push(response);
    response.writeHead(reply, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    requests,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("startCronTicker", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it("a pass that never ends does not hold up the next ones (as Cloudflare's cron invocations), up to its concurrency", async () => {
    // The first pass hangs (a dependency went away mid-pass); the next ones are answered.
    const admin = await startAdmin((n) => (n === 1 ? "hold" : 200));
    cleanups.push(admin.close);
    const ticker = startCronTicker({ baseUrl: admin.url, adminToken: "t0ken", intervalMs: 25, concurrency: 2 });
    cleanups.push(ticker.stop);
    await expect.poll(() => admin.requests.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    expect(admin.requests.every((r) => r.authorization === "Bearer t0ken")).toBe(true);
  });

  it("never runs more than its concurrency at once, and stop() ends the passes in flight", async () => {
    const admin = await startAdmin(() => "hold");
    cleanups.push(admin.close);
    const ticker = startCronTicker({ baseUrl: admin.url, adminToken: "t", intervalMs: 20, concurrency: 3 });
    await expect.poll(() => admin.requests.length, { timeout: 10_000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(admin.requests).toHaveLength(3);
    expect(ticker.running()).toBe(3);
    await ticker.stop(); // aborts the held passes rather than waiting out their 60 s
    expect(ticker.running()).toBe(0);
  });

  it("logs a pass slower than slowAfterMs, with how it ended", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    const lines: string[] = [];
    const server = createServer(async (request, response) => {
      request.resume();
      await released;
      response.writeHead(503).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(async () => { server.closeAllConnections(); await new Promise<void>((resolve) => server.close(() => resolve())); });
    const ticker = startCronTicker({
      baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`, adminToken: "t", intervalMs: 20, concurrency: 1,
      slowAfterMs: 100, log: (line) => lines.push(line),
    });
    cleanups.push(ticker.stop);
    await new Promise((resolve) => setTimeout(resolve, 250));
    release();
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(lines[0]).toMatch(/^webhooks {3}a delivery pass took \d+\.\d s \(HTTP 503\)$/);
  });
});
