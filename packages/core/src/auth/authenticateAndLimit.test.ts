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
import { clientBucket } from "./clientBucket.js";
import type { Database } from "../db/createDb.js";
import { randomBytes } from "node:crypto";
import { hashApiKey } from "./hashApiKey.js";
import { createFallbackLimiter, type FallbackLimiter } from "./createFallbackLimiter.js";
import { limitKeyRequests } from "./limitKeyRequests.js";

let database: TestDatabase;
let t: TestRedis;
beforeAll(async () => {
  [database, t] = await Promise.all([startTestDatabase("sluice_auth"), startTestRedis()]);
  await createAccount(database.db, { slug: "limited", name: "limited" });
}, 60_000);
afterAll(async () => {
  await Promise.all([database?.drop(), t?.close()]); // the file's own database goes too
});

const check = (key: string, p: { environment?: "production" | "sandbox"; now?: number; redis?: Redis; client?: string; db?: Database; fallback?: FallbackLimiter } = {}) =>
  authenticateAndLimit({
    key, environment: p.environment ?? "production", db: p.db ?? database.db, redis: p.redis ?? t.redis, defaultPerMinute: 100, now: p.now,
    client: p.client, missesPerMinute: 3, fallback: p.fallback ?? createFallbackLimiter(),
  });
/** A Redis nobody answers at (the REST client fails at once). */
const downRedis = () => new Redis({ url: "http://127.0.0.1:9", token: "x", retry: { retries: 0 } });

/** The database as the auth path uses it, counting the lookups it makes (`loadApiKey`'s queries). */
const countingDb = () => {
  const counter = { selects: 0 };
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property === "select") counter.selects++;
      return Reflect.get(target, property, receiver);
    },
  });
  return { db, counter };
};
const randomKey = () => randomBytes(20).toString("hex");

describe("authenticateAndLimit", () => {
  it("fills the cache on a miss, then enforces the key's own limit at exactly its number", async () => {
    const { key, apiKey } = await issueApiKey(database.db, { account: "limited", environment: "production", rateLimitPerMinute: 3 });
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 1_000; // early in a window
    const first = await check(key, { now });
    expect(first?.auth?.keyId).toBe(apiKey.id);
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

  it("with Redis unreachable, Postgres decides: a revoked key is refused at once", async () => {
    const down = downRedis();
    const { key, apiKey } = await issueApiKey(database.db, { account: "limited", environment: "production", rateLimitPerMinute: 5 });
    const fallback = createFallbackLimiter();
    for (let i = 0; i < 3; i++) expect((await check(key, { redis: down, fallback }))?.limit).toMatchObject({ allowed: true, limit: 5 });
    expect((await check(key, { redis: down, fallback }))?.auth?.keyId).toBe(apiKey.id);
    await revokeApiKey(database.db, t.redis, apiKey.id);
    expect(await check(key, { redis: down, fallback })).toBeNull();
  });

  it("with Redis unreachable, made-up keys from a client cause at most its budget of lookups, and a key's limit still holds", async () => {
    // The attack: during a Redis incident every made-up key was a Postgres connection, and a valid key unlimited work.
    const down = downRedis();
    const fallback = createFallbackLimiter();
    const { db, counter } = countingDb();
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const attacker = "198.51.100.77";
    for (let i = 0; i < 200; i++) await check(randomKey(), { db, redis: down, client: attacker, now, fallback });
    expect(counter.selects).toBeLessThanOrEqual(3);
    expect(await check(randomKey(), { db, redis: down, client: attacker, now, fallback }))
      .toEqual({ auth: null, limit: { allowed: false, limit: 0, remaining: 0, reset: now - 1_000 + 60_000 } });
    // Another client still gets its lookups.
    const { key, apiKey } = await issueApiKey(database.db, { account: "limited", environment: "production", rateLimitPerMinute: 1 });
    expect((await check(key, { redis: down, client: "203.0.113.77", now, fallback }))?.limit).toMatchObject({ allowed: true, limit: 1, remaining: 0 });
    expect((await check(key, { redis: down, client: "203.0.113.77", now, fallback }))?.limit).toMatchObject({ allowed: false, limit: 1 });
    // A genuine key seen since Redis went down is no guess: the attacker's spent budget does not refuse it.
    expect((await check(key, { redis: down, client: attacker, now: now + 60_000, fallback }))?.auth?.keyId).toBe(apiKey.id);
    for (let i = 0; i < 5; i++) await check(randomKey(), { redis: down, client: attacker, now: now + 60_000, fallback });
    expect((await check(key, { redis: down, client: attacker, now: now + 61_000, fallback }))?.auth).toBeNull(); // its limit, not the budget
    expect((await check(key, { redis: down, client: attacker, now: now + 120_000, fallback }))?.auth?.keyId).toBe(apiKey.id);
  });

  it("attack: with Redis unreachable, made-up keys from more clients than the isolate counts neither refuse genuine keys nor get looked up", async () => {
    // The attack: right after a minute turns, made-up keys from as many client buckets as the limiter holds counters
    // (an IPv6 /48 is 65,536 of them); every counter created after that, a genuine key's included, shared one budget
    // already spent, so every partner in the isolate was answered 429 every minute.
    const down = downRedis();
    const fallback = createFallbackLimiter({ maxClients: 50 });
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const partner = "203.0.113.20";
    const seenBefore = await issueApiKey(database.db, { account: "limited", environment: "production", rateLimitPerMinute: 5 });
    expect((await check(seenBefore.key, { client: partner, now, fallback }))?.auth?.keyId).toBe(seenBefore.apiKey.id); // Redis up
    const seenSince = await issueApiKey(database.db, { account: "limited", environment: "production", rateLimitPerMinute: 5 });
    expect((await check(seenSince.key, { redis: down, client: partner, now, fallback }))?.auth?.keyId).toBe(seenSince.apiKey.id);
    const next = now + 60_000;
    const early = await check(randomKey(), { redis: down, client: "198.51.100.20", now: next, fallback }); // a counter before the flood
    expect(early).toBeNull();
    for (let i = 0; i < 60; i++) await check(randomKey(), { redis: down, client: `2001:db8:0:${i.toString(16)}::/64`, now: next, fallback });
    // Genuine keys keep their own limits, from any client: the key found genuine while Redis was down, the key this
    // isolate served before it went down, and a dashboard session's key.
    for (const { key, apiKey } of [seenSince, seenBefore]) {
      expect(await check(key, { redis: down, client: "2001:db8:0:ffff::/64", now: next, fallback }))
        .toMatchObject({ auth: { keyId: apiKey.id }, limit: { allowed: true, limit: 5, remaining: 4 } });
    }
    expect(await limitKeyRequests({ redis: down, keyId: seenSince.apiKey.id, perMinute: 2, fallback, now: next })).toMatchObject({ allowed: true, remaining: 1 });
    // A made-up key from a client without a counter is refused without a lookup; a client counted before the flood
    // keeps its budget.
    const { db, counter } = countingDb();
    expect(await check(randomKey(), { db, redis: down, client: "2001:db8:0:fffe::/64", now: next, fallback }))
      .toEqual({ auth: null, limit: { allowed: false, limit: 0, remaining: 0, reset: next - 1_000 + 60_000 } });
    expect(counter.selects).toBe(0);
    expect(await check(randomKey(), { db, redis: down, client: "198.51.100.20", now: next, fallback })).toBeNull();
    expect(counter.selects).toBe(1);
    expect(fallback.size()).toBeLessThanOrEqual(50 + 3);
  });

  it("the in-memory fallback's counters stay bounded however many clients and keys it sees", () => {
    const fallback = createFallbackLimiter({ maxClients: 100 });
    const now = Date.now();
    for (let i = 0; i < 10_000; i++) fallback.countMiss(`client ${i}`, now);
    for (let i = 0; i < 20_000; i++) fallback.countKeyRequest(`hash ${i}`, now);
    for (let i = 0; i < 20_000; i++) fallback.countSessionRequest(`key ${i}`, now);
    expect(fallback.size()).toBeLessThanOrEqual(100 + 2 * 10_000);
    // Past the bound a new client gets no budget of lookups; the clients counted before keep theirs.
    expect(fallback.countMiss("another", now)).toBe(Infinity);
    expect(fallback.countMiss("client 7", now)).toBe(2);
    // Only genuine keys are counted by key: past the bound the oldest counter goes, no key is refused for want of room.
    expect(fallback.countKeyRequest("one more", now)).toBe(1);
  });

  it("an unknown key is looked up once: the same key again is refused from the cache, without Postgres", async () => {
    const { db, counter } = countingDb();
    const key = randomKey();
    expect(await check(key, { db })).toBeNull();
    expect(counter.selects).toBe(1);
    expect(await check(key, { db })).toBeNull();
    expect(await check(key, { db, environment: "sandbox" })).toBeNull();
    expect(counter.selects).toBe(1);
  });

  it("a client sending made-up keys causes at most its budget of lookups a minute; others and cached keys are unaffected", async () => {
    const { db, counter } = countingDb();
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const attacker = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const partner = await issueApiKey(database.db, { account: "limited", environment: "production" });
    expect((await check(partner.key, { client: attacker, now }))?.auth?.keyId).toBe(partner.apiKey.id); // cached now
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await check(randomKey(), { db, client: attacker, now }));
    expect(answers.slice(0, 2)).toEqual([null, null]); // the partner's first use was the first miss of three
    for (const refused of answers.slice(2)) expect(refused).toEqual({ auth: null, limit: { allowed: false, limit: 0, remaining: 0, reset: now - 1_000 + 60_000 } });
    expect(counter.selects).toBe(2);
    // A cached key from the same client still passes; another client still gets its lookups.
    expect((await check(partner.key, { client: attacker, now }))?.auth?.keyId).toBe(partner.apiKey.id);
    const other = await issueApiKey(database.db, { account: "limited", environment: "production" });
    expect((await check(other.key, { client: "203.0.113.9", now }))?.auth?.keyId).toBe(other.apiKey.id);
    // The next minute, the budget is back.
    expect(await check(randomKey(), { db, client: attacker, now: now + 60_000 })).toBeNull();
    expect(counter.selects).toBe(3);
  });

  // The sandbox is free and public: made-up keys sent there must not spend the same client's production budget.
  it("a client's budget on the sandbox is its own: exhausting it leaves the client's production lookups alone", async () => {
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 2_000;
    const client = `192.0.2.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 4; i++) await check(randomKey(), { environment: "sandbox", client, now });
    expect(await check(randomKey(), { environment: "sandbox", client, now })).toMatchObject({ auth: null, limit: { allowed: false } });
    const fresh = await issueApiKey(database.db, { account: "limited", environment: "production" });
    expect((await check(fresh.key, { client, now }))?.auth?.keyId).toBe(fresh.apiKey.id);
  });

  it("a key that was genuine recently is never refused by its client's budget of lookups, even after its cache entry expired", async () => {
    // The attack: from the partner's own address (carrier NAT, cloud egress), spend the budget with made-up keys so
    // the partner's lookup, due when its cache entry expires, is refused and the entry never filled again.
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const shared = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const partner = await issueApiKey(database.db, { account: "limited", environment: "production" });
    expect((await check(partner.key, { client: "203.0.113.10", now }))?.auth?.keyId).toBe(partner.apiKey.id);
    await t.redis.del(redisKeys.apiKey(await hashApiKey(partner.key))); // its cache entry expired
    for (let i = 0; i < 6; i++) await check(randomKey(), { client: shared, now });
    expect((await check(randomKey(), { client: shared, now }))?.limit.allowed).toBe(false);
    const { db, counter } = countingDb();
    expect((await check(partner.key, { client: shared, now, db }))?.auth?.keyId).toBe(partner.apiKey.id);
    expect(counter.selects).toBe(1); // Postgres still decided
    expect((await check(randomKey(), { client: shared, now, db }))?.auth).toBeNull();
    expect(counter.selects).toBe(1); // made-up keys from that client are still refused without a lookup
    // Revoked since: Postgres says so, and the key is refused.
    await revokeApiKey(database.db, t.redis, partner.apiKey.id);
    await t.redis.del(redisKeys.apiKey(await hashApiKey(partner.key)));
    expect(await check(partner.key, { client: shared, now })).toBeNull();
  });
});

describe("clientBucket", () => {
  it("counts an IPv4 address by itself and an IPv6 address by its /64", () => {
    expect(clientBucket(" 198.51.100.7 ")).toBe("198.51.100.7");
    expect(clientBucket("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(clientBucket("2001:0DB8:0000:0001:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:1::/64");
    expect(clientBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientBucket("::1")).toBe("0:0:0:0::/64");
    expect(clientBucket(undefined)).toBeUndefined();
    expect(clientBucket("")).toBeUndefined();
  });
});
