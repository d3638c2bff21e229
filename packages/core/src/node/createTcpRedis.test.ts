import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { leaseRedisDatabase, startTcpProxy } from "@sluice/testkit";
import { isDependencyDown } from "../errors/isDependencyDown.js";
import { createTcpRedis } from "./createTcpRedis.js";

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("createTcpRedis without a Redis", () => {
  it("rejects a command at once with an error isDependencyDown recognises (no queue while disconnected)", async () => {
    const tcp = createTcpRedis({ url: `redis://127.0.0.1:${await closedPort()}/0` });
    try {
      expect(await tcp.ready(200)).toBe(false);
      const failure = await tcp.redis.get("k").then(() => undefined, (error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(isDependencyDown(failure)).toBe(true);
      const pipeline = tcp.redis.pipeline();
      pipeline.incr("k");
      const pipelineFailure = await pipeline.exec().then(() => undefined, (error: unknown) => error);
      expect(isDependencyDown(pipelineFailure)).toBe(true);
    } finally {
      await tcp.close();
    }
  });
});

describe("createTcpRedis when Redis goes silent (a peer gone without a reset)", () => {
  it("reconnects after consecutive command timeouts, so once Redis is reachable again commands work again", async () => {
    const lease = await leaseRedisDatabase();
    const target = new URL(lease.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    // A short command timeout so the test does not wait 3 s a command.
    const tcp = createTcpRedis({ url: `redis://127.0.0.1:${proxy.port}${target.pathname}`, options: { commandTimeout: 200 } });
    try {
      expect(await tcp.ready(2_000)).toBe(true);
      await tcp.redis.set("k", "v");
      proxy.stall();
      for (let i = 0; i < 3; i++) {
        const failure = await tcp.redis.get("k").then(() => undefined, (error: unknown) => error);
        expect(isDependencyDown(failure)).toBe(true);
      }
      // The silent connection is never answered again: only a new one reaches Redis.
      proxy.up();
      await expect.poll(() => tcp.redis.get("k").catch(() => "failed"), { timeout: 5_000, interval: 100 }).toBe("v");
    } finally {
      await tcp.close();
      await proxy.close();
      await lease.release();
    }
  });
});

describe("createTcpRedis closing while Redis is silent", () => {
  it("close ends even though QUIT is never answered (a host's stop is not held by Redis)", async () => {
    const lease = await leaseRedisDatabase();
    const target = new URL(lease.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    // No command timeout of its own to end QUIT: only close's own bound can.
    const tcp = createTcpRedis({ url: `redis://127.0.0.1:${proxy.port}${target.pathname}`, options: { commandTimeout: 600_000 } });
    try {
      expect(await tcp.ready(2_000)).toBe(true);
      proxy.stall();
      await tcp.close();
      await expect(tcp.redis.get("k")).rejects.toBeInstanceOf(Error);
    } finally {
      await proxy.close();
      await lease.release();
    }
  });
});
