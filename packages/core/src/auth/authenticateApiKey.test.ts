/**
 * The dashboard sign-in's key check against real Postgres and Redis: a client's budget of lookups bounds made-up keys,
 * and never refuses a key Postgres answered active within a day (its cache entry expired or not).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { startTestDatabase, startTestRedis, type TestDatabase, type TestRedis } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { issueApiKey } from "../accounts/issueApiKey.js";
import { redisKeys } from "../redis/redisKeys.js";
import { authenticateApiKey } from "./authenticateApiKey.js";
import { hashApiKey } from "./hashApiKey.js";

let database: TestDatabase;
let t: TestRedis;
beforeAll(async () => {
  [database, t] = await Promise.all([startTestDatabase("sluice_auth_sign_in"), startTestRedis()]);
  await createAccount(database.db, { slug: "signing-in", name: "signing-in" });
}, 60_000);
afterAll(async () => {
  await Promise.all([database?.drop(), t?.close()]);
});

const signIn = (key: string, client: string, now: number) =>
  authenticateApiKey({ key, environment: "any", db: database.db, redis: t.redis, client, missesPerMinute: 3, now });
const randomKey = () => randomBytes(20).toString("hex");

describe("authenticateApiKey", () => {
  it("a key genuine within a day signs in from a client whose budget made-up keys spent; made-up keys stay refused", async () => {
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const shared = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const partner = await issueApiKey(database.db, { account: "signing-in", environment: "production" });
    expect((await signIn(partner.key, "203.0.113.20", now))?.keyId).toBe(partner.apiKey.id);
    await t.redis.del(redisKeys.apiKey(await hashApiKey(partner.key))); // its cache entry expired
    for (let i = 0; i < 3; i++) expect(await signIn(randomKey(), shared, now)).toBeNull();
    await expect(signIn(randomKey(), shared, now)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect((await signIn(partner.key, shared, now))?.keyId).toBe(partner.apiKey.id);
    await expect(signIn(randomKey(), shared, now)).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });
});
