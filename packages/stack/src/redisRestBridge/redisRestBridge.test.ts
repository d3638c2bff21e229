import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { Redis as UpstashRedis } from "@upstash/redis";
import { Redis as IORedis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisRestBridge, type RedisRestBridge } from "./index.js";
import { dropUnknownShebangFlags, sha1Hex } from "./luaShebang.js";

// A dedicated logical database of the local Redis; only this one is ever flushed.
const TEST_DB = 14;
const REDIS_URL = `redis://127.0.0.1:6379/${TEST_DB}`;

let bridge: RedisRestBridge;
let direct: IORedis;
let redis: UpstashRedis;

beforeAll(async () => {
  direct = new IORedis(REDIS_URL);
  await direct.flushdb();
  bridge = await startRedisRestBridge({ redisUrl: REDIS_URL, token: "test-token" });
  redis = new UpstashRedis({ url: bridge.url, token: bridge.token });
});

afterAll(async () => {
  await bridge?.close();
  await direct?.flushdb();
  await direct?.quit();
});

/** Sends one raw REST request, as the Upstash client would. */
async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(bridge.url + path, {
    method: "POST",
    headers: { authorization: `Bearer ${bridge.token}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe("Upstash REST bridge, through @upstash/redis", () => {
  it("binds 127.0.0.1 and uses the database from the URL", async () => {
    expect(bridge.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const key = `db-check:${randomUUID()}`;
    await redis.set(key, "here");
    expect(await direct.get(key)).toBe("here");
    const db0 = new IORedis("redis://127.0.0.1:6379/0");
    try {
      expect(await db0.exists(key)).toBe(0);
    } finally {
      await db0.quit();
    }
  });

  it("get / set / incr / expire / ttl / del", async () => {
    expect(await redis.set("counter", 5)).toBe("OK");
    expect(await redis.get<number>("counter")).toBe(5);
    expect(await redis.incr("counter")).toBe(6);
    expect(await redis.incrby("counter", 10)).toBe(16);
    expect(await redis.expire("counter", 100)).toBe(1);
    const ttl = await redis.ttl("counter");
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(100);
    expect(await redis.set("nx-key", "v", { nx: true, ex: 60 })).toBe("OK");
    expect(await redis.set("nx-key", "w", { nx: true })).toBeNull();
    expect(await redis.del("counter", "nx-key", "missing")).toBe(2);
    expect(await redis.get("counter")).toBeNull();
    expect(await redis.exists("counter")).toBe(0);
  });

  it("round-trips JSON values and unicode strings", async () => {
    const value = { name: "sluice", tags: ["a", "b"], nested: { n: 1.5, ok: true, none: null } };
    await redis.set("json", value);
    expect(await redis.get("json")).toEqual(value);
    expect(await direct.get("json")).toBe(JSON.stringify(value));

    const text = "héllo ✓ 漢字 😀 \u0000 end";
    await redis.set("unicode", text);
    expect(await redis.get("unicode")).toBe(text);
    expect(await direct.get("unicode")).toBe(text);
  });

  it("hashes", async () => {
    expect(await redis.hset("hash", { a: 1, b: "two", c: { deep: [1] } })).toBe(3);
    expect(await redis.hget("hash", "a")).toBe(1);
    expect(await redis.hget("hash", "b")).toBe("two");
    expect(await redis.hgetall("hash")).toEqual({ a: 1, b: "two", c: { deep: [1] } });
    expect(await redis.hincrby("hash", "a", 4)).toBe(5);
    expect(await redis.hmget("hash", "a", "missing")).toEqual({ a: 5, missing: null });
    expect(await redis.hdel("hash", "b")).toBe(1);
    expect((await redis.hkeys("hash")).sort()).toEqual(["a", "c"]);
    expect(await redis.hgetall("no-such-hash")).toBeNull();
  });

  it("lists, sets and sorted sets", async () => {
    await redis.rpush("list", "x", "y", "z");
    expect(await redis.lrange("list", 0, -1)).toEqual(["x", "y", "z"]);
    await redis.sadd("set", "m1", "m2");
    expect((await redis.smembers("set")).sort()).toEqual(["m1", "m2"]);
    await redis.zadd("zset", { score: 2, member: "b" }, { score: 1, member: "a" });
    expect(await redis.zrange("zset", 0, -1, { withScores: true })).toEqual(["a", 1, "b", 2]);
  });

  it("pipeline", async () => {
    const results = await redis.pipeline().set("p:1", "one").incr("p:n").incr("p:n").get("p:1").hset("p:h", { f: "v" }).hgetall("p:h").exec();
    expect(results).toEqual(["OK", 1, 2, "one", 1, { f: "v" }]);

    const withError = await redis.pipeline().set("p:s", "text").incr("p:s").get("p:s").exec({ keepErrors: true });
    expect(withError[0]).toEqual({ result: "OK", error: undefined });
    expect(withError[1]!.error).toMatch(/not an integer/);
    expect(withError[2]!.result).toBe("text");

    await expect(redis.pipeline().set("p:t", "text").incr("p:t").exec()).rejects.toThrow(/Command 2 \[ incr \] failed/);
  });

  it("multi-exec runs as one transaction", async () => {
    const results = await redis.multi().set("m:k", 10).incrby("m:k", 5).get("m:k").exec();
    expect(results).toEqual(["OK", 15, 15]);

    // A runtime error inside the transaction fails only that command.
    const raw = await post("/multi-exec", [["SET", "m:s", "text"], ["INCR", "m:s"], ["GET", "m:s"]]);
    expect(raw.status).toBe(200);
    expect(raw.body).toEqual([{ result: "OK" }, { error: expect.stringMatching(/not an integer/) }, { result: "text" }]);

    // A command Redis refuses to queue aborts the whole transaction, and nothing runs.
    const aborted = await post("/multi-exec", [["SET", "m:never", "1"], ["SET", "m:never"]]);
    expect(aborted.status).toBe(400);
    expect(aborted.body.error).toMatch(/EXECABORT.*wrong number of arguments/);
    expect(await direct.exists("m:never")).toBe(0);
  });

  it("reports Redis errors as errors", async () => {
    await redis.set("not-a-number", "abc");
    await expect(redis.incr("not-a-number")).rejects.toThrow(/ERR value is not an integer or out of range/);
    await expect(redis.hget("not-a-number", "f")).rejects.toThrow(/WRONGTYPE/);

    const raw = await post("/", ["INCR", "not-a-number"]);
    expect(raw.status).toBe(400);
    expect(raw.body).toEqual({ error: "ERR value is not an integer or out of range" });
    expect((await post("/", { not: "an array" })).status).toBe(400);
    expect((await post("/", ["NO-SUCH-COMMAND"])).body.error).toMatch(/unknown command/);
  });

  it("rejects a missing or wrong token with 401", async () => {
    const wrong = new UpstashRedis({ url: bridge.url, token: "wrong-token" });
    await expect(wrong.get("anything")).rejects.toThrow(/Unauthorized/);
    const res = await fetch(bridge.url, { method: "POST", body: JSON.stringify(["PING"]) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Unauthorized" });
  });

  it("is binary-safe under Upstash-Encoding: base64", async () => {
    const bytes = Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x0a, 0x41]);
    await direct.set("binary", bytes);
    await direct.rpush("binary-list", bytes, "plain");

    const single = await post("/", ["GET", "binary"], { "Upstash-Encoding": "base64" });
    expect(Buffer.from(single.body.result, "base64")).toEqual(bytes);

    const nested = await post("/pipeline", [["LRANGE", "binary-list", "0", "-1"], ["STRLEN", "binary"], ["GET", "missing"]], {
      "Upstash-Encoding": "base64",
    });
    expect(nested.body[0].result.map((s: string) => Buffer.from(s, "base64"))).toEqual([bytes, Buffer.from("plain")]);
    expect(nested.body[1]).toEqual({ result: 6 });
    expect(nested.body[2]).toEqual({ result: null });

    // Without the header, strings come back as plain text.
    expect((await post("/", ["ECHO", "plain ✓"])).body).toEqual({ result: "plain ✓" });
  });

  it("works without base64 response encoding and without automatic deserialization", async () => {
    const plain = new UpstashRedis({ url: bridge.url, token: bridge.token, responseEncoding: false });
    await plain.set("plain", "ünïcode");
    expect(await plain.get("plain")).toBe("ünïcode");

    const raw = new UpstashRedis({ url: bridge.url, token: bridge.token, automaticDeserialization: false });
    await raw.set("raw-number", 42);
    await raw.set("raw-json", { a: 1 });
    expect(await raw.get("raw-number")).toBe("42");
    expect(await raw.get("raw-json")).toBe('{"a":1}');
  });

  it("runs scripts whose shebang carries flags Redis 7.0 does not know", async () => {
    // Unique text per run, so Redis's script cache never already holds it.
    const source = `#!lua flags=allow-key-locking\n-- ${randomUUID()}\nredis.call("SET", KEYS[1], ARGV[1])\nreturn {ARGV[1], redis.call("INCR", KEYS[2])}`;
    const script = redis.createScript<[string, number]>(source);

    // EVALSHA misses (NOSCRIPT), the client falls back to EVAL, which the bridge rewrites.
    expect(await script.exec(["s:value", "s:count"], ["first"])).toEqual(["first", 1]);
    // From now on the client's own SHA (of the original text) works.
    expect(await redis.evalsha(sha1Hex(source), ["s:value", "s:count"], ["second"])).toEqual(["second", 2]);
    expect(await redis.scriptExists(sha1Hex(source))).toEqual([1]);

    const other = `#!lua flags=no-writes,allow-key-locking\n-- ${randomUUID()}\nreturn redis.call("GET", KEYS[1])`;
    expect(await redis.scriptLoad(other)).toBe(sha1Hex(other));
    expect(await redis.evalsha(sha1Hex(other), ["s:value"], [])).toBe("second");
    expect(await redis.evalRo(other, ["s:value"], [])).toBe("second");

    // Scripts without the shebang pass through untouched, and errors still surface.
    expect(await redis.eval("return ARGV[1]", [], ["x"])).toBe("x");
    await expect(redis.evalsha("0".repeat(40), [], [])).rejects.toThrow(/NOSCRIPT/);
  });

  it("keeps the shebang line, dropping only unknown flags", () => {
    expect(dropUnknownShebangFlags("#!lua flags=allow-key-locking\nreturn 1")).toBe("#!lua\nreturn 1");
    expect(dropUnknownShebangFlags("#!lua flags=no-writes,allow-key-locking\nreturn 1")).toBe("#!lua flags=no-writes\nreturn 1");
    expect(dropUnknownShebangFlags("#!lua flags=no-writes\nreturn 1")).toBe("#!lua flags=no-writes\nreturn 1");
    expect(dropUnknownShebangFlags("return 1")).toBe("return 1");
  });
});

describe("Upstash REST bridge CLI", () => {
  it("serves on 127.0.0.1 and stops on SIGTERM", async () => {
    const cli = fileURLToPath(new URL("./cli.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", cli, "--redis", REDIS_URL, "--port", "0", "--token", "cli-token"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const match = /UPSTASH_REDIS_REST_URL=(\S+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.once("exit", (code) => reject(new Error(`cli exited with ${code}: ${out}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const viaCli = new UpstashRedis({ url, token: "cli-token" });
      await viaCli.set("cli:key", { ok: true });
      expect(await direct.get("cli:key")).toBe('{"ok":true}');
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    }
  });
});
