import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Redis } from "@sluice/core";
import type { TestRedis } from "./startTestRedis.js";

/**
 * The contract every `Redis` of Sluice keeps (core's `redisClient.ts`): each command Sluice uses, with Upstash's
 * value semantics (what is stored as JSON comes back parsed, what is not comes back raw, numbers only when exact).
 * Run against a real Redis for each transport: Upstash REST (through the local REST bridge) and TCP.
 */
export function describeRedisContract(transport: string, start: () => Promise<TestRedis>) {
  describe(`Redis contract: ${transport}`, () => {
    let test: TestRedis;
    let redis: Redis;
    let n = 0;
    const key = (name: string) => `contract:${transport}:${name}:${++n}`;
    beforeAll(async () => {
      test = await start();
      redis = test.redis;
    });
    afterAll(async () => {
      await test?.close();
    });

    it.each([
      ["a plain string", "hello", "hello"],
      ["text with a non-JSON prefix (the graph store's raw strings)", "g1:{\"a\":1}", "g1:{\"a\":1}"],
      ["an object, as JSON", { block: "12", seenAt: 5 }, { block: "12", seenAt: 5 }],
      ["a number", 42, 42],
      ["a boolean", true, true],
      ["numeric text, which comes back a number", "123", 123],
      ["numeric text with a leading zero, which stays text", "007", "007"],
      ["exponent text, which stays text", "1e3", "1e3"],
      ["an unsafe integer's text, which stays text", "12345678901234567890", "12345678901234567890"],
      ["JSON text of an object, which comes back parsed", "{\"status\":\"revoked\"}", { status: "revoked" }],
      ["an array", [1, "two"], [1, "two"]],
    ])("set then get: %s", async (_name, stored, expected) => {
      const k = key("value");
      expect(await redis.set(k, stored)).toBe("OK");
      expect(await redis.get(k)).toEqual(expected);
    });

    it("get of a missing key is null", async () => {
      expect(await redis.get(key("missing"))).toBeNull();
    });

    it("set nx: the first wins, the second answers null and changes nothing; ex and px are accepted", async () => {
      const k = key("nx");
      expect(await redis.set(k, "first", { nx: true, ex: 60 })).toBe("OK");
      expect(await redis.set(k, "second", { nx: true, px: 60_000 })).toBeNull();
      expect(await redis.get(k)).toBe("first");
      expect(await redis.set(k, "third", { px: 60_000 })).toBe("OK");
      expect(await redis.get(k)).toBe("third");
    });

    it("mset, mget (missing keys null), exists, del", async () => {
      const [a, b, c] = [key("m"), key("m"), key("m")];
      expect(await redis.mset({ [a]: "raw:1", [b]: "77" })).toBe("OK");
      expect(await redis.mget(a, b, c)).toEqual(["raw:1", 77, null]);
      expect(await redis.exists(a, b, c)).toBe(2);
      expect(await redis.del(a, c)).toBe(1);
      expect(await redis.exists(a)).toBe(0);
    });

    it("incr and expire", async () => {
      const k = key("counter");
      expect(await redis.incr(k)).toBe(1);
      expect(await redis.incr(k)).toBe(2);
      expect(await redis.get(k)).toBe(2);
      expect(await redis.expire(k, 60)).toBe(1);
      expect(await redis.expire(key("none"), 60)).toBe(0);
    });

    it("eval: keys and arguments reach the script; a table reply is parsed element by element", async () => {
      const k = key("script");
      await redis.set(k, "holder-1");
      const reply = await redis.eval<string[], [string | null, number, number]>(
        "return { redis.call('GET', KEYS[1]), tonumber(ARGV[1]) + 1, #ARGV }", [k], ["41", "x"],
      );
      expect(reply).toEqual(["holder-1", 42, 2]);
      expect(await redis.eval<string[], number>("return ARGV[1]", [], ["17"])).toBe(17);
      expect(await redis.eval<string[], string>("return ARGV[1]", [], ["raw:9"])).toBe("raw:9");
      expect(await redis.eval<string[], null>("return nil", [], [])).toBeNull();
    });

    it("eval: an error reply rejects", async () => {
      await expect(redis.eval("return redis.error_reply('NOPE no')", [], [])).rejects.toThrow(/NOPE/);
    });

    it("hashes: hset, hget, hgetall (floats and unsafe integers stay text), hexists, hlen, hdel", async () => {
      const k = key("hash");
      expect(await redis.hset(k, { a: "raw:5", b: JSON.stringify({ x: 1 }), c: "1.5", d: "12", e: "12345678901234567890" })).toBe(5);
      expect(await redis.hget(k, "b")).toEqual({ x: 1 });
      expect(await redis.hget(k, "zz")).toBeNull();
      expect(await redis.hgetall(k)).toEqual({ a: "raw:5", b: { x: 1 }, c: "1.5", d: 12, e: "12345678901234567890" });
      expect(await redis.hexists(k, "a")).toBe(1);
      expect(await redis.hexists(k, "zz")).toBe(0);
      expect(await redis.hlen(k)).toBe(5);
      expect(await redis.hdel(k, "a", "zz")).toBe(1);
      expect(await redis.hlen(k)).toBe(4);
      expect(await redis.hgetall(key("no-hash"))).toBeNull();
      expect(await redis.hlen(key("no-hash"))).toBe(0);
    });

    it("hscan walks every field with its value, fields and values parsed", async () => {
      const k = key("scan");
      const entries = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`id-${i}`, JSON.stringify({ i })]));
      await redis.hset(k, entries);
      const seen: Record<string, unknown> = {};
      let cursor: string | number = 0;
      do {
        const [next, flat]: [string, (string | number)[]] = await redis.hscan(k, cursor, { count: 7 });
        expect(typeof next).toBe("string");
        for (let i = 0; i < flat.length; i += 2) seen[String(flat[i])] = flat[i + 1];
        cursor = next;
      } while (cursor !== "0");
      expect(seen).toEqual(Object.fromEntries(Object.keys(entries).map((f, i) => [f, { i }])));
    });

    it("sorted sets: zadd, zrem, zremrangebyscore with exclusive and infinite bounds", async () => {
      const k = key("zset");
      for (const nonce of [3, 5, 8]) expect(await redis.zadd(k, { score: nonce, member: String(nonce) })).toBe(1);
      expect(await redis.zadd(k, { score: 3, member: "3" })).toBe(0);
      expect(await redis.zrem(k, "5")).toBe(1);
      expect(await redis.zrem(k, "5")).toBe(0);
      expect(await redis.zremrangebyscore(k, "-inf", "(8")).toBe(1);
      expect(await redis.zrem(k, "8")).toBe(1);
    });

    it("pipeline: hgetall and incr in one round trip, replies in order", async () => {
      const [h, c] = [key("pipe-hash"), key("pipe-counter")];
      await redis.hset(h, { "0xabc": JSON.stringify({ low: false }) });
      const pipeline = redis.pipeline();
      pipeline.hgetall(h);
      pipeline.incr(c);
      expect(await pipeline.exec<[Record<string, unknown> | null, number]>()).toEqual([{ "0xabc": { low: false } }, 1]);
      const empty = redis.pipeline();
      empty.hgetall(key("pipe-none"));
      empty.incr(c);
      expect(await empty.exec()).toEqual([null, 2]);
    });

    it("pipeline: hdel of two hashes in one round trip, each reply the number removed", async () => {
      const [a, b] = [key("pipe-hdel-a"), key("pipe-hdel-b")];
      await redis.hset(a, { x: "raw:1", y: "raw:2" });
      await redis.hset(b, { x: "0xab:1:2" });
      expect(await redis.pipeline().hdel(a, "x").hdel(b, "x", "zz").exec()).toEqual([1, 1]);
      expect(await redis.hgetall(a)).toEqual({ y: "raw:2" });
      expect(await redis.hgetall(b)).toBeNull();
    });

    it("hmget: the named fields as an object (missing ones null), null when none is set", async () => {
      const k = key("hmget");
      await redis.hset(k, { a: JSON.stringify({ x: 1 }), b: "raw:7" });
      expect(await redis.hmget(k, "a", "zz", "b")).toEqual({ a: { x: 1 }, zz: null, b: "raw:7" });
      expect(await redis.hmget(k, "zz", "yy")).toBeNull();
      expect(await redis.hmget(key("no-hmget"), "a")).toBeNull();
    });

    it("pipeline: hset, pexpire and expire in one round trip", async () => {
      const k = key("pipe-hset");
      expect(await redis.pipeline().hset(k, { a: "1", b: "two" }).pexpire(k, 60_000).expire(k, 120).exec()).toEqual([2, 1, 1]);
      expect(await redis.hgetall(k)).toEqual({ a: 1, b: "two" });
    });

    it("ping", async () => {
      expect(await redis.ping()).toBe("PONG");
    });
  });
}
