/**
 * Dashboard and operator sessions against real Postgres and a real Redis behind the Upstash REST bridge: what a
 * session outlives and what it does not, and what signing in may cost.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, startTestRedis, type TestDatabase, type TestRedis } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { issueApiKey } from "../accounts/issueApiKey.js";
import type { Database } from "../db/createDb.js";
import { SluiceError } from "../errors/SluiceError.js";
import { redisKeys } from "../redis/redisKeys.js";
import { readDashboardSession, signInOperator, signInWithApiKey } from "./dashboardSessions.js";

let database: TestDatabase;
let t: TestRedis;
beforeAll(async () => {
  [database, t] = await Promise.all([startTestDatabase("sluice_sessions"), startTestRedis()]);
  await createAccount(database.db, { slug: "signing-in", name: "signing in" });
}, 60_000);
afterAll(async () => {
  await Promise.all([database?.drop(), t?.close()]); // the file's own database goes too
});

/** The database as the sign-in uses it, counting its queries (key lookups). */
const countingDb = () => {
  const counter = { selects: 0 };
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property === "select") counter.selects++;
      return Reflect.get(target, property, receiver);
    },
  });
  return { db: db as Database, counter };
};
const randomKey = () => randomBytes(20).toString("hex");
const ADMIN_TOKEN = "a".repeat(16) + randomBytes(16).toString("hex");

describe("partner sign-in", () => {
  it("a client sending made-up keys causes at most its budget of key lookups a minute, then is refused (429) without one", async () => {
    const { db, counter } = countingDb();
    const attacker = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const now = Date.now();
    const limits = { client: attacker, missesPerMinute: 3, now };
    const answers: unknown[] = [];
    for (let i = 0; i < 6; i++) answers.push(await signInWithApiKey({ db, redis: t.redis }, randomKey(), limits).catch((e: unknown) => e));
    expect(answers.slice(0, 3)).toEqual([null, null, null]);
    for (const refused of answers.slice(3)) {
      expect(refused).toBeInstanceOf(SluiceError);
      expect(refused).toMatchObject({ code: "RATE_LIMITED" });
      expect(Number((refused as SluiceError).headers["Retry-After"])).toBeGreaterThan(0);
    }
    expect(counter.selects).toBe(3);
    // The same made-up key again costs nothing: it is remembered as unknown.
    const { db: again, counter: lookups } = countingDb();
    const wrong = randomKey();
    const other = { client: "203.0.113.9", missesPerMinute: 3, now };
    expect(await signInWithApiKey({ db: again, redis: t.redis }, wrong, other)).toBeNull();
    expect(await signInWithApiKey({ db: again, redis: t.redis }, wrong, other)).toBeNull();
    expect(lookups.selects).toBe(1);
    // Another client still signs in, and so does the attacker's address with a key the cache holds.
    const { key, apiKey } = await issueApiKey(database.db, { account: "signing-in", environment: "production" });
    expect((await signInWithApiKey({ db, redis: t.redis }, key, other))?.session.keyId).toBe(apiKey.id);
    expect((await signInWithApiKey({ db, redis: t.redis }, key, limits))?.session.keyId).toBe(apiKey.id);
    // The next minute has a new budget.
    expect(await signInWithApiKey({ db, redis: t.redis }, randomKey(), { ...limits, now: now + 60_000 })).toBeNull();
  });

  it("a valid key signs in at most 10 times a minute, and a client at most its budget a minute; refused sign-ins store no session", async () => {
    const { key, apiKey } = await issueApiKey(database.db, { account: "signing-in", environment: "sandbox" });
    const now = Date.now();
    const answers: unknown[] = [];
    for (let i = 0; i < 12; i++) answers.push(await signInWithApiKey({ db: database.db, redis: t.redis }, key, { now }).catch((e: unknown) => e));
    expect(answers.slice(0, 10).every((a) => (a as { session?: { keyId: string } }).session?.keyId === apiKey.id)).toBe(true);
    for (const refused of answers.slice(10)) {
      expect(refused).toMatchObject({ code: "RATE_LIMITED", message: expect.stringContaining("too many sign-ins with this key") });
      expect(Number((refused as SluiceError).headers["Retry-After"])).toBeGreaterThan(0);
    }
    // Ten sessions stored, one per sign-in let through; the refused ones wrote none (they have no token to be stored under).
    const stored = await Promise.all(answers.slice(0, 10).map((a) =>
      t.redis.get(redisKeys.dashboardSession(createHash("sha256").update((a as { token: string }).token).digest("hex")))));
    expect(stored.filter(Boolean)).toHaveLength(10);

    // One client signing in with many valid keys: its budget a minute, then refused whichever key it uses.
    const client = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
    const limits = { client, missesPerMinute: 3, now };
    const keys = await Promise.all([1, 2, 3, 4].map(() => issueApiKey(database.db, { account: "signing-in", environment: "sandbox" })));
    for (const issued of keys.slice(0, 3)) expect((await signInWithApiKey({ db: database.db, redis: t.redis }, issued.key, limits))?.session.keyId).toBe(issued.apiKey.id);
    await expect(signInWithApiKey({ db: database.db, redis: t.redis }, keys[3]!.key, limits)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    // Another client is not affected, and the next minute has room again.
    expect(await signInWithApiKey({ db: database.db, redis: t.redis }, keys[3]!.key, { ...limits, client: "192.0.2.250" })).not.toBeNull();
    expect(await signInWithApiKey({ db: database.db, redis: t.redis }, keys[3]!.key, { ...limits, now: now + 60_000 })).not.toBeNull();
  });

  // A public sandbox key's holder signing in in a loop must not lock the partner out from its own address; many
  // addresses together still meet a bound on the key.
  it("a key's sign-ins are limited per client (the partner elsewhere still signs in) and, at 60 a minute, from all clients", async () => {
    const { key } = await issueApiKey(database.db, { account: "signing-in", environment: "sandbox" });
    const now = Date.now();
    const signIn = (client: string) => signInWithApiKey({ db: database.db, redis: t.redis }, key, { client, now }).then(() => "ok", (e: SluiceError) => e.code);
    const attacker = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const looped: string[] = [];
    for (let i = 0; i < 12; i++) looped.push(await signIn(attacker));
    expect(looped).toEqual([...Array(10).fill("ok"), "RATE_LIMITED", "RATE_LIMITED"]);
    expect(await signIn("198.51.100.7")).toBe("ok");
    const many: string[] = [];
    for (let i = 0; i < 60; i++) many.push(await signIn(`100.${i}.0.1`));
    expect(many.filter((r) => r === "ok")).toHaveLength(49);
    expect(many.at(-1)).toBe("RATE_LIMITED");
  });

  it("an expired session is refused even while Redis still holds it", async () => {
    const { key } = await issueApiKey(database.db, { account: "signing-in", environment: "production" });
    const signedIn = (await signInWithApiKey({ db: database.db, redis: t.redis }, key))!;
    expect(await readDashboardSession({ db: database.db, redis: t.redis }, signedIn.token, "partner")).not.toBeNull();
    const hash = createHash("sha256").update(signedIn.token).digest("hex");
    expect(await t.redis.get(redisKeys.dashboardSession(hash))).toMatchObject({ keyId: signedIn.session.keyId });
    await t.redis.set(redisKeys.dashboardSession(hash), { ...signedIn.session, expiresAt: Date.now() - 1 }, { ex: 60 });
    expect(await readDashboardSession({ db: database.db, redis: t.redis }, signedIn.token, "partner")).toBeNull();
  });
});

describe("operator sessions", () => {
  it("end when the deployment's admin token is changed or removed; Redis holds nothing the token can be checked against", async () => {
    const signedIn = (await signInOperator(t.redis, ADMIN_TOKEN, ADMIN_TOKEN))!;
    const read = (adminToken: string | undefined) => readDashboardSession({ db: database.db, redis: t.redis, adminToken }, signedIn.token, "operator");
    expect(await read(ADMIN_TOKEN)).toMatchObject({ kind: "operator" });
    expect(JSON.stringify(signedIn.session)).not.toContain(ADMIN_TOKEN);
    const rotated = "b".repeat(16) + randomBytes(16).toString("hex");
    expect(await read(rotated)).toBeNull();
    expect(await read(undefined)).toBeNull();
    expect(await read("")).toBeNull();
    // Changed back (a rollback of the rotation), the session is the same one again.
    expect(await read(ADMIN_TOKEN)).toMatchObject({ kind: "operator" });
    expect(await signInOperator(t.redis, rotated, ADMIN_TOKEN)).toBeNull();
  });

  it("wrong admin tokens are charged to the client's budget of failed operator sign-ins: past it 429, even for the right token, until the minute is over", async () => {
    const client = `198.18.0.${Math.floor(Math.random() * 200) + 1}`;
    const now = Date.now();
    const limits = { client, missesPerMinute: 3, now };
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i++) answers.push(await signInOperator(t.redis, `wrong-${i}`, ADMIN_TOKEN, limits).catch((e: unknown) => e));
    expect(answers.slice(0, 3)).toEqual([null, null, null]);
    for (const refused of answers.slice(3)) {
      expect(refused).toMatchObject({ code: "RATE_LIMITED" });
      expect(Number((refused as SluiceError).headers["Retry-After"])).toBeGreaterThan(0);
    }
    // A guess past the budget is never compared: the right token is refused too, from that client, this minute.
    await expect(signInOperator(t.redis, ADMIN_TOKEN, ADMIN_TOKEN, limits)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(await signInOperator(t.redis, ADMIN_TOKEN, ADMIN_TOKEN, { ...limits, client: "198.18.1.1" })).not.toBeNull();
    expect(await signInOperator(t.redis, ADMIN_TOKEN, ADMIN_TOKEN, { ...limits, now: now + 60_000 })).not.toBeNull();
  });
});
