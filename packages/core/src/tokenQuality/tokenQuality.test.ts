/** Token quality as data: the operations against real Postgres and Redis, the cache, and the outage rules. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { startTestDatabase, startTestRedis, type TestDatabase, type TestRedis } from "@sluice/testkit";
import { createDb } from "../db/createDb.js";
import { createRedis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/redisClient.js";
import { readCachedTokenList, writeCachedTokenList } from "../tokens/tokenListCache.js";
import { createTokenQualitySource } from "./createTokenQualitySource.js";
import { importTokenList } from "./importTokenList.js";
import { readTokenQuality } from "./readTokenQuality.js";
import { setTokenQuality } from "./setTokenQuality.js";

const A = "0x00000000000000000000000000000000000000aA" as Address;
const B = "0x00000000000000000000000000000000000000bb" as Address;
const JUNK = "0x000000000000000000000000000000000000dEaD" as Address;
/** Nothing listens there: a database and a Redis that are down. */
const downDb = () => createDb({ url: "postgres://postgres@127.0.0.1:1/none" });
const downRedis = createRedis({ url: "http://127.0.0.1:1", token: "x" });

let database: TestDatabase;
let testRedis: TestRedis;
beforeAll(async () => {
  [database, testRedis] = await Promise.all([startTestDatabase("sluice_quality"), startTestRedis()]);
});
afterAll(async () => {
  await database?.drop();
  await testRedis?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from token_quality`);
  await testRedis.redis.del(redisKeys.tokenQuality("base"), redisKeys.tokenList("base"), redisKeys.tokenQuality("ethereum"));
});

const set = (entries: Parameters<typeof setTokenQuality>[0]["entries"]) =>
  setTokenQuality({ db: database.db, redis: testRedis.redis, entries, source: "operator", updatedBy: "test" });
const source = (redis = testRedis.redis, openDb = () => createDb({ url: database.url })) =>
  createTokenQualitySource({ redis: () => redis, openDb });

describe("setTokenQuality / readTokenQuality", () => {
  it("writes scores by chain and lower-case address; the last write wins", async () => {
    expect(await set([{ chain: "base", token: A, score: 100 }, { chain: "base", token: B, score: 40 }])).toEqual({ updated: 2, cacheInvalidated: true });
    await set([{ chain: "base", token: B.toUpperCase().replace("0X", "0x"), score: 100 }]);
    const rows = await readTokenQuality({ db: database.db, chain: "base" });
    expect(rows.map((r) => [r.token, r.score, r.source, r.updatedBy])).toEqual([
      [A.toLowerCase(), 100, "operator", "test"], [B.toLowerCase(), 100, "operator", "test"],
    ]);
    expect(await readTokenQuality({ db: database.db, chain: "ethereum" })).toEqual([]);
    expect((await readTokenQuality({ db: database.db, chain: "base", tokens: [A] })).map((r) => r.token)).toEqual([A.toLowerCase()]);
  });

  it.each([
    [{ chain: "base", token: A, score: 101 }, "entries.1.score: "],
    [{ chain: "base", token: A, score: 99.5 }, "entries.1.score: "],
    [{ chain: "solana", token: A, score: 100 }, "entries.1.chain: "],
    [{ chain: "base", token: "0x1234", score: 100 }, "entries.1.token: must be a 0x-prefixed 20-byte hex address"],
    [{ chain: "base", token: A }, "entries.1.score: is required"],
  ])("refuses a bad entry (%j) naming it, and writes nothing of the batch", async (bad, message) => {
    await expect(set([{ chain: "base", token: B, score: 100 }, bad as never])).rejects.toMatchObject({
      code: "MALFORMED_REQUEST", message: expect.stringContaining(message),
    });
    expect(await readTokenQuality({ db: database.db, chain: "base" })).toEqual([]);
  });
});

describe("createTokenQualitySource", () => {
  it("reads Postgres once, serves the Redis cache, and sees a write at once (the write drops the cache and the token list)", async () => {
    await set([{ chain: "base", token: A, score: 100 }, { chain: "base", token: JUNK, score: 10 }]);
    const quality = source();
    expect(await quality("base", [A, B, JUNK])).toEqual(new Map([[A, 100], [JUNK, 10]]));
    expect(await testRedis.redis.get(redisKeys.tokenQuality("base"))).toMatchObject({ scores: { [A.toLowerCase()]: 100 } });
    // Served from the cache: a reader whose Postgres is down still gets the scores.
    expect(await source(testRedis.redis, downDb)("base", [A])).toEqual(new Map([[A, 100]]));

    await testRedis.redis.set(redisKeys.tokenList("base"), { chain: "base" });
    await set([{ chain: "base", token: A, score: 30 }]);
    expect(await testRedis.redis.get(redisKeys.tokenQuality("base"))).toBeNull();
    expect(await testRedis.redis.get(redisKeys.tokenList("base"))).toBeNull();
    expect(await quality("base", [A])).toEqual(new Map([[A, 30]]));
  });

  it("re-reads Postgres when the cache is older than its freshness window", async () => {
    let now = 1_000_000;
    const quality = createTokenQualitySource({ redis: () => testRedis.redis, openDb: () => createDb({ url: database.url }), now: () => now });
    await set([{ chain: "base", token: A, score: 100 }]);
    expect(await quality("base", [A])).toEqual(new Map([[A, 100]]));
    // Written behind the cache's back (no invalidation): seen once the cached copy is a minute old.
    await database.db.execute(sql`update token_quality set score = 50`);
    expect(await quality("base", [A])).toEqual(new Map([[A, 100]]));
    now += 60_000;
    expect(await quality("base", [A])).toEqual(new Map([[A, 50]]));
  });

  it("Redis down: reads Postgres directly", async () => {
    await set([{ chain: "base", token: A, score: 100 }]);
    expect(await source(downRedis)("base", [A, B])).toEqual(new Map([[A, 100]]));
  });

  it("attack: with nothing to read (Postgres down, no cache) it throws rather than answer unknown scores as none", async () => {
    await expect(source(testRedis.redis, downDb)("base", [JUNK])).rejects.toThrow();
    await expect(source(downRedis, downDb)("base", [JUNK])).rejects.toThrow();
  });

  it("attack: a junk token lowered while Postgres is up is never served at its old score from the cache", async () => {
    await set([{ chain: "base", token: JUNK, score: 100 }]);
    expect(await source()("base", [JUNK])).toEqual(new Map([[JUNK, 100]]));
    await set([{ chain: "base", token: JUNK, score: 0 }]);
    // Postgres down right after the write: the dropped cache is not resurrected, the read fails instead.
    await expect(source(testRedis.redis, downDb)("base", [JUNK])).rejects.toThrow();
    expect(await source()("base", [JUNK])).toEqual(new Map([[JUNK, 0]]));
  });
});

describe("a read that races a write", () => {
  it("attack: scores read from Postgres before a lowering and cached after it are never served", async () => {
    await set([{ chain: "base", token: JUNK, score: 100 }]);
    // The slow reader: a real Redis whose cache write is held until the lowering has landed.
    let reached!: () => void;
    const atCacheWrite = new Promise<void>((resolve) => { reached = resolve; });
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const slowRedis = new Proxy(testRedis.redis, {
      get: (target, key, receiver) => key === "set"
        ? async (...args: Parameters<Redis["set"]>) => { reached(); await held; return target.set(...args); }
        : Reflect.get(target, key, receiver),
    });
    const reading = source(slowRedis)("base", [JUNK]);
    await atCacheWrite;
    await set([{ chain: "base", token: JUNK, score: 0 }]);
    release();
    expect(await reading).toEqual(new Map([[JUNK, 100]]));
    expect(await testRedis.redis.get(redisKeys.tokenQuality("base"))).toMatchObject({ scores: { [JUNK.toLowerCase()]: 100 } });
    // The stale copy is in Redis, but under the old generation: with Postgres down nothing is served, not 100.
    await expect(source(testRedis.redis, downDb)("base", [JUNK])).rejects.toThrow();
    expect(await source()("base", [JUNK])).toEqual(new Map([[JUNK, 0]]));
  });

  it("attack: a token list computed before a quality write and stored after it is never served", async () => {
    const before = await readCachedTokenList(testRedis.redis, "base");
    await set([{ chain: "base", token: JUNK, score: 0 }]);
    const list = { chain: "base" as const, source: "indexed" as const, block: "7", computedAt: Date.now(), tokens: [] };
    await writeCachedTokenList(testRedis.redis, list, before.generation);
    expect(await testRedis.redis.get(redisKeys.tokenList("base"))).toMatchObject({ block: "7" });
    expect(await readCachedTokenList(testRedis.redis, "base")).toEqual({ list: null, generation: before.generation + 1 });
    const after = await readCachedTokenList(testRedis.redis, "base");
    await writeCachedTokenList(testRedis.redis, list, after.generation);
    expect((await readCachedTokenList(testRedis.redis, "base")).list).toEqual(list);
  });
});

describe("importTokenList", () => {
  const list = (tokens: unknown[]) => ({ name: "Partner List", timestamp: "2026-11-01T00:00:00.000Z", version: { major: 1, minor: 0, patch: 0 }, tokens });
  const token = (chainId: number, address: string, symbol = "TKN") => ({ chainId, address, symbol, name: `${symbol} token`, decimals: 18 });

  it("imports the served chains' tokens at 100 by default (or the given score) and skips other chains", async () => {
    const result = await importTokenList({
      db: database.db, redis: testRedis.redis, updatedBy: "test",
      list: list([token(8453, A), token(1, B), token(10, JUNK), token(8453, B)]),
    });
    expect(result).toEqual({ name: "Partner List", score: 100, imported: { base: 2, ethereum: 1 }, skipped: 1, cacheInvalidated: true });
    const rows = await readTokenQuality({ db: database.db, chain: "base" });
    expect(rows.map((r) => [r.token, r.score, r.source])).toEqual([[A.toLowerCase(), 100, "token-list:Partner List"], [B.toLowerCase(), 100, "token-list:Partner List"]]);
    await importTokenList({ db: database.db, redis: testRedis.redis, updatedBy: "test", score: 60, list: list([token(8453, A)]) });
    expect((await readTokenQuality({ db: database.db, chain: "base", tokens: [A] }))[0]!.score).toBe(60);
  });

  it.each([
    [{ tokens: [] }, "tokens: must hold at least one token"],
    [{ name: "Bad/Name" }, "name: must be 1-30 letters"],
    [{ tokens: [{ chainId: 8453, address: "0x12", symbol: "X", name: "X", decimals: 18 }] }, "tokens.0.address: must be a token address"],
    [{ tokens: [{ chainId: 8453, address: A, symbol: "X", name: "X" }] }, "tokens.0.decimals: is required"],
    [{ version: "1.0.0" }, "version: "],
  ])("refuses a file that is not a Token List (%j), naming the field, and writes nothing", async (patch, message) => {
    await expect(importTokenList({ db: database.db, redis: testRedis.redis, updatedBy: "test", list: { ...list([token(8453, B)]), ...patch } }))
      .rejects.toMatchObject({ code: "MALFORMED_REQUEST", message: expect.stringContaining(message) });
    expect(await readTokenQuality({ db: database.db, chain: "base" })).toEqual([]);
  });

  it("refuses a score outside 0–100", async () => {
    await expect(importTokenList({ db: database.db, redis: testRedis.redis, updatedBy: "test", score: 101, list: list([token(8453, A)]) }))
      .rejects.toMatchObject({ code: "MALFORMED_REQUEST", message: "score: must be a whole number from 0 to 100" });
  });
});
