/**
 * The key lookup and the rate limit in one round trip, against real Postgres and a real Redis behind the Upstash REST
 * bridge: a cached key costs one script, its own limit is enforced at exactly its number (sliding window), refused keys
 * (unknown, revoked, the other environment) are never counted, and with Redis down Postgres decides and nothing is
 * limited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "@upstash/redis/cloudflare";
import { startTestDatabase, startTestRedis, type TestDatabase, type TestRedis } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { issueApiKey } from "../accounts/issueApiKey.js";
import { revokeApiKey } from "../accounts/revokeApiKey.js";
import { redisKeys } from "../redis/redisKeys.js";
import { authenticateAndLimit } from "./authenticateAndLimit.js";
import { hashApiKey } from "./hashApiKey.js";

let database: TestDatabase;
let t: TestRedis;
beforeAll(async () => {
  [database, t] = await Promise.all([startTestDatabase("sluice_auth"), startTestRedis()]);
  await createAccount(database.db, { slug: "limited", name: "limited" });
}, 60_000);
afterAll(async () => {
  await Promise.all([database?.close(), t?.close()]);
});

const check = (key: string, p: { environment?: "production" | "sandbox"; now?: number; redis?: Redis } = {}) =>
  authenticateAndLimit({ key, environment: p.environment ?? "production", db: database.db, redis: p.redis ?? t.redis, defaultPerMinute: 100, now: p.now });

describe("authenticateAndLimit", () => {
  it("fills the cache on a miss, then enforces the key's own limit at exactly its number", async () => {
    const { key, apiKey } = await issueApiKey(database.db, { account: "limited", environment: "production", rateLimitPerMinute: 3 });
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 1_000; // early in a window
    const first = await check(key, { now });
    expect(first?.auth.keyId).toBe(apiKey.id);
    expect(first?.limit).toMatchObject({ allowed: true, limit: 3, remaining: 2, reset: now - 1_000 + 60_000 });
    expect(await t.redis.get(redisKeys.apiKey(await hashApiKey(key)))).toMatchObject({ status: "active", keyId: apiKey.id });
    expect((await check(key, { now }))?.limit.remaining).toBe(1);
    expect((await check(key, { now }))?.limit).toMatchObject({ allowed: true, remaining: 0 });
    expect((await check(key, { now }))?.limit).toMatchObject({ allowed: false, remaining: 0 });
    // Halfway through the next window the previous one still weighs floor(3 × 0.5) = 1: two more, then refused.
    const halfway = now - 1_000 + 60_000 + 30_000;
    expect((await check(key, { now: halfway }))?.limit).toMatchObject({ allowed: true, remaining: 1 });
    expect((await check(key, { now: halfway }))?.limit).toMatchObject({ allowed: true, remaining: 0 });
    expect((await check(key, { now: halfway }))?.limit.allowed).toBe(false);
  });

  it("a key without its own limit gets the deployment's default", async () => {
    const { key } = await issueApiKey(database.db, { account: "limited", environment: "production" });
    expect((await check(key))?.limit).toMatchObject({ allowed: true, limit: 100, remaining: 99 });
  });

  it("refuses unknown, malformed, revoked and other-environment keys, and never counts them", async () => {
    expect(await check("0123456789abcdef0123456789abcdef01234567")).toBeNull();
    expect(await check("not a key")).toBeNull();
    const sandbox = await issueApiKey(database.db, { account: "limited", environment: "sandbox" });
    expect(await check(sandbox.key)).toBeNull();
    expect((await check(sandbox.key, { environment: "sandbox" }))?.limit.remaining).toBe(99); // the refusal did not count
    const revoked = await issueApiKey(database.db, { account: "limited", environment: "production" });
    expect(await check(revoked.key)).not.toBeNull();
    await revokeApiKey(database.db, t.redis, revoked.apiKey.id);
    expect(await check(revoked.key)).toBeNull();
  });

  it("with Redis unreachable, Postgres decides and the request is not limited", async () => {
    const down = new Redis({ url: "http://127.0.0.1:9", token: "x", retry: { retries: 0 } });
    const { key, apiKey } = await issueApiKey(database.db, { account: "limited", environment: "production", rateLimitPerMinute: 1 });
    for (let i = 0; i < 3; i++) expect((await check(key, { redis: down }))?.limit).toMatchObject({ allowed: true, limit: 1 });
    expect((await check(key, { redis: down }))?.auth.keyId).toBe(apiKey.id);
    await revokeApiKey(database.db, t.redis, apiKey.id);
    expect(await check(key, { redis: down })).toBeNull();
  });
});
