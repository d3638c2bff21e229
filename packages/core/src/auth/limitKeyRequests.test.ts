/**
 * The dashboard's per-key limit against a real Redis behind the Upstash REST bridge: the API's sliding window at exactly
 * the key's number, and the same number counted in the isolate while Redis is unreachable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { Redis } from "@upstash/redis/cloudflare";
import { startTestRedis, type TestRedis } from "@sluice/testkit";
import { createFallbackLimiter } from "./createFallbackLimiter.js";
import { limitKeyRequests } from "./limitKeyRequests.js";

let t: TestRedis;
beforeAll(async () => {
  t = await startTestRedis();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("limitKeyRequests", () => {
  it("allows exactly the key's number a minute, the previous minute weighing in as on the API", async () => {
    const keyId = `key_${randomUUID()}`;
    const fallback = createFallbackLimiter();
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const limit = (at: number) => limitKeyRequests({ redis: t.redis, keyId, perMinute: 2, fallback, now: at });
    expect(await limit(now)).toEqual({ allowed: true, limit: 2, remaining: 1, reset: now - 1_000 + 60_000 });
    expect((await limit(now)).allowed).toBe(true);
    expect(await limit(now)).toMatchObject({ allowed: false, remaining: 0 });
    // Halfway through the next minute the previous one still weighs floor(2 × 0.5) = 1: one more, then refused.
    const halfway = now - 1_000 + 90_000;
    expect((await limit(halfway)).allowed).toBe(true);
    expect((await limit(halfway)).allowed).toBe(false);
    expect(fallback.size()).toBe(0); // Redis answered: nothing counted in memory
  });

  it("with Redis unreachable, the same number is counted in the isolate", async () => {
    const down = new Redis({ url: "http://127.0.0.1:9", token: "x", retry: { retries: 0 } });
    const fallback = createFallbackLimiter();
    const now = Date.now();
    const limit = () => limitKeyRequests({ redis: down, keyId: "key_down", perMinute: 1, fallback, now });
    expect(await limit()).toMatchObject({ allowed: true, limit: 1, remaining: 0 });
    expect((await limit()).allowed).toBe(false);
  });
});
