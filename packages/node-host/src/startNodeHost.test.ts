/**
 * The Node host's stop, in process: `startNodeHost` as `pnpm start` runs it (crons off: their expressions are a minute
 * apart), against a real Redis. A stop is what `docker stop` gives `STOP_GRACE_SECONDS` to: both servers stop
 * accepting at once and close within one grace, however many requests hang.
 */
import { once } from "node:events";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaseRedisDatabase, type RedisDatabaseLease } from "@sluice/testkit";
import { startNodeHost } from "./startNodeHost.js";

/** Connects and sends a request it never finishes (its headers never end): it holds its server's close. */
async function stall(url: string) {
  const socket = connect(Number(new URL(url).port), "127.0.0.1");
  socket.on("error", () => {});
  await once(socket, "connect");
  socket.write("GET /health HTTP/1.1\r\nHost: x\r\n");
  return { closed: once(socket, "close").then(() => true), socket };
}

describe("startNodeHost's stop", () => {
  let lease: RedisDatabaseLease;
  beforeAll(async () => { lease = await leaseRedisDatabase(); });
  afterAll(async () => { await lease?.release(); });

  const start = (stopGraceMs: number) => startNodeHost({
    settings: { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/sluice_node_host_unused", REDIS_URL: lease.url, WEBHOOK_SIGNING_KEY: "0".repeat(64) },
    host: "127.0.0.1", port: 0, sandboxPort: 0, stopGraceMs, crons: false,
  });

  it("with nothing pending resolves promptly", async () => {
    const host = await start(5_000);
    expect((await fetch(`${host.url}/api/v1/nothing-here`)).status).toBe(404);
    const began = performance.now();
    await host.stop();
    expect(performance.now() - began).toBeLessThan(1_000);
  });

  it("with a request that never finishes on each server: both stop accepting at once, and the stop takes one grace, not one per server", async () => {
    const graceMs = 1_500;
    const host = await start(graceMs);
    const onApi = await stall(host.url);
    const onSandbox = await stall(host.sandboxUrl);
    try {
      const began = performance.now();
      const stopping = host.stop();
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Neither server takes a new connection while the other one waits out its grace.
      await expect(fetch(`${host.url}/api/v1/nothing-here`)).rejects.toThrow();
      await expect(fetch(`${host.sandboxUrl}/health`)).rejects.toThrow();
      await stopping;
      const took = performance.now() - began;
      expect(took).toBeGreaterThanOrEqual(graceMs - 50);
      expect(took).toBeLessThan(graceMs + 800);
      expect(await onApi.closed).toBe(true);
      expect(await onSandbox.closed).toBe(true);
    } finally {
      onApi.socket.destroy();
      onSandbox.socket.destroy();
    }
  });
});
