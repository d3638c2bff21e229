import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis } from "./createRedis.js";

// A REST endpoint that accepts requests and never answers: a stalled Redis as the Workers see it.
let stalled: Server;
let url: string;
beforeAll(async () => {
  stalled = createServer(() => {});
  await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`;
});
afterAll(async () => {
  stalled.closeAllConnections();
  await new Promise((resolve) => stalled.close(resolve));
});

describe("createRedis", () => {
  it("a stalled endpoint fails each command once its bound has passed, never answering a made-up reply", async () => {
    const redis = createRedis({ url, token: "t", timeoutMs: 200 });
    await expect(redis.get("k")).rejects.toThrow();
    await expect(redis.pipeline().incr("a").expire("a", 60).exec()).rejects.toThrow();
  });
});
