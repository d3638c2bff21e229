import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "./process/freePort.js";
import { requireLocalServices } from "./requireLocalServices.js";

describe("requireLocalServices (pnpm dev's first check)", () => {
  it("names each missing service, where it was looked for, and how to get it", async () => {
    const [pg, redis] = [await freePort(), await freePort()];
    const missing = await requireLocalServices({ DATABASE_URL: `postgres://postgres@127.0.0.1:${pg}/x`, REDIS_URL: `redis://127.0.0.1:${redis}` });
    expect(missing).toEqual([
      expect.stringMatching(new RegExp(`^PostgreSQL is not reachable at 127.0.0.1:${pg}: install it .*apt install postgresql.*or set DATABASE_URL`)),
      expect.stringMatching(new RegExp(`^Redis is not reachable at 127.0.0.1:${redis}: install it .*apt install redis-server.*or set REDIS_URL`)),
    ]);
  });

  it("says nothing when both answer", async () => {
    const server = createServer().listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as { port: number }).port;
    try {
      expect(await requireLocalServices({ DATABASE_URL: `postgres://x@127.0.0.1:${port}/x`, REDIS_URL: `redis://127.0.0.1:${port}` })).toEqual([]);
    } finally {
      server.close();
    }
  });
});
