import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSilentServer, type SilentServer } from "@sluice/testkit";
import { createRedis } from "./createRedis.js";

let stalled: SilentServer;
beforeAll(async () => { stalled = await startSilentServer(); });
afterAll(async () => stalled?.close());

describe("createRedis", () => {
  it("a stalled endpoint fails each command once its bound has passed, never answering a made-up reply", async () => {
    const redis = createRedis({ url: stalled.url, token: "t", timeoutMs: 200 });
    await expect(redis.get("k")).rejects.toThrow();
    await expect(redis.pipeline().incr("a").expire("a", 60).exec()).rejects.toThrow();
  });
});
