/**
 * The Node host's stop with work that never ends within it, on real parts: an HTTP server with a client that never
 * finishes its request, a cron run that never ends, and `waitUntil` work that is a webhook POST (the host's own
 * webhook fetch) to a receiver that never answers. The stop takes one grace, not one per part, and says what it left.
 */
import { once } from "node:events";
import { connect } from "node:net";
import { serve } from "@hono/node-server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startSilentServer } from "@sluice/testkit";
import { createExecutionContext } from "./createExecutionContext.js";
import { createWebhookFetch } from "./createWebhookFetch.js";
import { startCrons } from "./startCrons.js";
import { stopWithinGrace } from "./stopWithinGrace.js";

async function listen() {
  const server = serve({ fetch: () => new Response("ok"), hostname: "127.0.0.1", port: 0 });
  await once(server, "listening");
  return { server, port: (server.address() as { port: number }).port };
}

describe("stopWithinGrace", () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it("with nothing pending resolves at once, leaving nothing", async () => {
    const { server } = await listen();
    const ctx = createExecutionContext();
    const crons = startCrons([{ name: "sluice-test", crons: ["0 0 1 1 *"], run: async () => {} }]);
    const began = performance.now();
    expect(await stopWithinGrace({ servers: [server], crons, ctx, graceMs: 5_000 })).toEqual({ cronRuns: 0, backgroundWork: 0 });
    expect(performance.now() - began).toBeLessThan(300);
  });

  it("a hanging request, a cron run and a webhook to a silent receiver hold it one grace in all; what is left is logged", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((line: unknown) => { lines.push(String(line)); });
    const graceMs = 800;
    const receiver = await startSilentServer();
    const webhookFetch = createWebhookFetch({ allowLocalHttp: true });
    const ctx = createExecutionContext();
    const { server, port } = await listen();
    const client = connect(port, "127.0.0.1");
    client.on("error", () => {});
    await once(client, "connect");
    client.write("GET / HTTP/1.1\r\nHost: x\r\n"); // headers never ended
    let cronStarted!: () => void;
    const cronRunning = new Promise<void>((resolve) => { cronStarted = resolve; });
    let release!: () => void;
    const never = new Promise<void>((resolve) => { release = resolve; });
    const crons = startCrons([{ name: "sluice-test", crons: ["* * * * * *"], run: async () => { cronStarted(); await never; } }]);
    try {
      await cronRunning;
      ctx.waitUntil(webhookFetch(`${receiver.url}/hook`, { method: "POST", body: "{}" }));
      const began = performance.now();
      const left = await Promise.race([
        stopWithinGrace({ servers: [server], crons, ctx, graceMs }),
        new Promise<"held">((resolve) => setTimeout(() => resolve("held"), 5_000)),
      ]);
      const took = performance.now() - began;
      expect(left).toEqual({ cronRuns: 1, backgroundWork: 1 });
      expect(took).toBeGreaterThanOrEqual(graceMs - 50);
      expect(took).toBeLessThan(graceMs + 500);
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((entry) => entry.event === "node host stop grace over; abandoning work still running");
      expect(logged).toMatchObject({ level: "warn", cronRuns: 1, backgroundWork: 1, graceMs });
      // The webhook agent closes at once with the send still in flight (the host's next step).
      const closing = performance.now();
      await webhookFetch.close();
      expect(performance.now() - closing).toBeLessThan(500);
    } finally {
      release();
      client.destroy();
      await receiver.close();
    }
  });
});
