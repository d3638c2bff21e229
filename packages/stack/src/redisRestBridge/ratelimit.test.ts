import { Ratelimit } from "@upstash/ratelimit";
import { Redis as UpstashRedis } from "@upstash/redis";
import { Redis as IORedis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisRestBridge, type RedisRestBridge } from "./index.js";

// Its own logical database (the bridge's other test file flushes 14), and only this one is ever flushed.
const TEST_DB = 13;
const REDIS_URL = `redis://127.0.0.1:6379/${TEST_DB}`;
const LIMIT = 3;

let bridge: RedisRestBridge;
let direct: IORedis;
let redis: UpstashRedis;

beforeAll(async () => {
  direct = new IORedis(REDIS_URL);
  await direct.flushdb();
  bridge = await startRedisRestBridge({ redisUrl: REDIS_URL });
  redis = new UpstashRedis({ url: bridge.url, token: bridge.token });
});

afterAll(async () => {
  await bridge?.close();
  await direct?.flushdb();
  await direct?.quit();
});

const WINDOW_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Windows are aligned to multiples of their length; start a sequence early in one so it does not straddle two. */
async function awayFromWindowEnd() {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < 700) await sleep(left + 20);
}

/** Calls `limit` until it lets a request through; fails if that takes longer than `withinMs`. */
async function waitUntilAllowed(ratelimit: Ratelimit, identifier: string, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const result = await ratelimit.limit(identifier);
    if (result.success) return result;
    if (Date.now() > deadline) throw new Error(`still limited after ${withinMs} ms`);
    await sleep(Math.max(50, Math.min(result.reset - Date.now(), 250)));
  }
}

// No ephemeral cache: every decision must come from Redis through the bridge.
const limiters = {
  fixedWindow: (prefix: string) =>
    new Ratelimit({ redis, limiter: Ratelimit.fixedWindow(LIMIT, `${WINDOW_MS} ms`), prefix, ephemeralCache: false }),
  slidingWindow: (prefix: string) =>
    new Ratelimit({ redis, limiter: Ratelimit.slidingWindow(LIMIT, `${WINDOW_MS} ms`), prefix, ephemeralCache: false }),
};

describe.each(Object.entries(limiters))("@upstash/ratelimit %s through the bridge", (name, makeLimiter) => {
  it("trips at its limit and lets requests through again after the window", async () => {
    const ratelimit = makeLimiter(`rl-${name}`);
    await awayFromWindowEnd();
    const results = [];
    for (let i = 0; i <= LIMIT; i++) results.push(await ratelimit.limit("user-1"));
    expect(results.map((r) => r.success)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results.every((r) => r.limit === LIMIT)).toBe(true);

    // Another identifier is unaffected.
    expect((await ratelimit.limit("user-2")).success).toBe(true);

    // The sliding window weighs in the previous window too, so allow up to two windows.
    await waitUntilAllowed(ratelimit, "user-1", 2 * WINDOW_MS + 1000);
  });

  it("reports remaining tokens and resets them", async () => {
    const ratelimit = makeLimiter(`rl-${name}-remaining`);
    expect((await ratelimit.getRemaining("user-3")).remaining).toBe(LIMIT);
    await awayFromWindowEnd();
    await ratelimit.limit("user-3");
    await ratelimit.limit("user-3");
    expect((await ratelimit.getRemaining("user-3")).remaining).toBe(LIMIT - 2);

    await ratelimit.resetUsedTokens("user-3");
    expect((await ratelimit.getRemaining("user-3")).remaining).toBe(LIMIT);
    expect(await direct.keys(`rl-${name}-remaining:user-3:*`)).toEqual([]);
  });
});
