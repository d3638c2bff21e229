/**
 * `requireApiKey`'s answers against real Postgres and a real Redis behind the Upstash REST bridge: every 429 carries
 * `Retry-After` and the `X-RateLimit-*` headers, a key past its limit and a client past its budget of lookups alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { Redis } from "@upstash/redis/cloudflare";
import { startTestDatabase, startTestRedis, type TestDatabase, type TestRedis } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { issueApiKey } from "../accounts/issueApiKey.js";
import { AUTH_WINDOW_MS } from "../auth/authenticateAndLimit.js";
import { onError } from "../errors/onError.js";
import type { Redis as SluiceRedis } from "../redis/createRedis.js";
import { createIsolateCaches } from "./isolateCaches.js";
import { API_KEY_HEADER, requireApiKey } from "./requireApiKey.js";

let database: TestDatabase;
let t: TestRedis;
beforeAll(async () => {
  [database, t] = await Promise.all([startTestDatabase("sluice_require_api_key"), startTestRedis()]);
  await createAccount(database.db, { slug: "keyed", name: "keyed" });
}, 60_000);
afterAll(async () => {
  await Promise.all([database?.drop(), t?.close()]);
});

const LOOKUPS_PER_MINUTE = 2;
/** A production app behind `requireApiKey`, with this test's Postgres and the given Redis. */
function keyedApp(redis: SluiceRedis = t.redis) {
  const app = new Hono();
  app.onError(onError);
  const caches = createIsolateCaches();
  app.use("*", async (c, next) => {
    c.set("config" as never, { SLUICE_ENVIRONMENT: "production", AUTH_MISSES_PER_MINUTE: LOOKUPS_PER_MINUTE } as never);
    c.set("services" as never, { db: database.db, redis, caches, time: (_: string, work: () => unknown) => work(), background: () => {} } as never);
    await next();
  });
  app.get("/keyed", requireApiKey() as never, (c) => c.json({ ok: true }));
  return (key: string, client: string) => app.request("/keyed", { headers: { [API_KEY_HEADER]: key, "CF-Connecting-IP": client } });
}
const randomKey = () => randomBytes(20).toString("hex");
const randomClient = () => `198.51.100.${Math.floor(Math.random() * 250)}`;
const rateLimitHeaders = (response: Response) => ({
  limit: response.headers.get("X-RateLimit-Limit"), remaining: response.headers.get("X-RateLimit-Remaining"),
  reset: response.headers.get("X-RateLimit-Reset"), retryAfter: response.headers.get("Retry-After"),
});

/**
 * The lookup budget is counted per fixed minute: a loop that straddled a minute's end would start over in the next one
 * and never reach the budget. Starts the loop in a minute with at least 10 s left.
 */
async function inOneWindow(): Promise<void> {
  const left = AUTH_WINDOW_MS - (Date.now() % AUTH_WINDOW_MS);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe("requireApiKey's 429s", () => {
  it("a key past its own limit: Retry-After and X-RateLimit-* (the key's limit)", async () => {
    const { key } = await issueApiKey(database.db, { account: "keyed", environment: "production", rateLimitPerMinute: 1 });
    const request = keyedApp();
    const client = randomClient();
    const allowed = await request(key, client);
    expect(allowed.status).toBe(200);
    expect(rateLimitHeaders(allowed)).toMatchObject({ limit: "1", remaining: "0", retryAfter: null });
    const refused = await request(key, client);
    expect(refused.status).toBe(429);
    expect(rateLimitHeaders(refused)).toEqual({ limit: "1", remaining: "0", reset: expect.stringMatching(/^\d+$/), retryAfter: expect.stringMatching(/^\d+$/) });
  });

  it("a client past its budget of uncached-key lookups: the same headers, naming that budget", async () => {
    const request = keyedApp();
    const client = randomClient();
    await inOneWindow();
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i++) expect((await request(randomKey(), client)).status).toBe(401);
    const refused = await request(randomKey(), client);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ ok: false, code: "RATE_LIMITED", error: "Invalid or revoked API key" });
    const headers = rateLimitHeaders(refused);
    expect(headers).toEqual({ limit: String(LOOKUPS_PER_MINUTE), remaining: "0", reset: expect.stringMatching(/^\d+$/), retryAfter: expect.stringMatching(/^\d+$/) });
    // The reset is the window's end (unix seconds), Retry-After the seconds until it.
    const untilReset = Number(headers.reset) - Math.floor(Date.now() / 1000);
    expect(Number(headers.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Math.abs(Number(headers.retryAfter) - untilReset)).toBeLessThanOrEqual(1);
  });

  it("the same with Redis down, the budget counted in the isolate", async () => {
    const down = new Redis({ url: "http://127.0.0.1:9", token: "x", retry: { retries: 0 } }) as unknown as SluiceRedis;
    const request = keyedApp(down);
    const client = randomClient();
    await inOneWindow();
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i++) expect((await request(randomKey(), client)).status).toBe(401);
    const refused = await request(randomKey(), client);
    expect(refused.status).toBe(429);
    expect(rateLimitHeaders(refused)).toEqual({ limit: String(LOOKUPS_PER_MINUTE), remaining: "0", reset: expect.stringMatching(/^\d+$/), retryAfter: expect.stringMatching(/^\d+$/) });
  });
});
