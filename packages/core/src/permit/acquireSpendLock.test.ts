/**
 * The spend lock and the pending-spend record it guards, taken by one script: against a real Redis through each
 * transport (the workers' Upstash REST client through the local REST bridge, the Node host's TCP client), since each
 * parses a script's reply its own way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress, type Address, type Hash } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startSilentServer, startTestRedis, startTestTcpRedis, type TestRedis } from "@sluice/testkit";
import { createRedis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { acquireSpendLock } from "./acquireSpendLock.js";
import { recordPendingSpend } from "./recordPendingSpend.js";

const USDC = getAddress("0x833589fcd6edb6e08f4c7c32d4f71b54bda02913");
const WETH = getAddress("0x4200000000000000000000000000000000000006");
const txHash = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hash;
const newOwner = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ["Upstash REST", startTestRedis],
  ["TCP", startTestTcpRedis],
] as const)("acquireSpendLock over %s", (_transport, start) => {
  let t: TestRedis;
  beforeAll(async () => { t = await start(); });
  afterAll(async () => t?.close());

  it("the attempt that takes the lock answers the owner's pending-spend record as HGETALL reads it; none: {}", async () => {
    const spend = { chainId: 8453, owner: newOwner(), token: USDC };
    const key = redisKeys.pendingSpend(spend.chainId, spend.owner, spend.token);
    const empty = await acquireSpendLock(t.redis, spend);
    expect(empty.pendingEntries).toEqual({});
    await empty.release();

    await recordPendingSpend(t.redis, { ...spend, txHash: txHash(1), amount: 2n ** 255n + 1n });
    await recordPendingSpend(t.redis, { ...spend, txHash: txHash(2), amount: 1n });
    // Texts no solve writes, so the reply is held to HGETALL's reading of any text, not only of `raw:` amounts.
    await t.redis.hset(key, { [txHash(3)]: "12", [txHash(4)]: "1e3", [txHash(5)]: "12345678901234567890", [txHash(6)]: "{\"a\":1}", [txHash(7)]: "007", [txHash(8)]: "", [txHash(9)]: "\"12\"" });
    const held = await acquireSpendLock(t.redis, spend);
    expect(held.pendingEntries).toEqual(await t.redis.hgetall(key));
    expect(held.pendingEntries).toMatchObject({ [txHash(1)]: `raw:${2n ** 255n + 1n}`, [txHash(2)]: "raw:1", [txHash(4)]: 1000 });
    await held.release();
  });

  it("a lock held by another solve is not read through: the waiting solve reads the record once it holds the lock", async () => {
    const spend = { chainId: 8453, owner: newOwner(), token: USDC };
    const first = await acquireSpendLock(t.redis, spend);
    expect(first.pendingEntries).toEqual({});
    let taken = false;
    const second = acquireSpendLock(t.redis, spend).then((held) => { taken = true; return held; });
    await sleep(150);
    // The first solve sends and records its input while the second waits.
    await recordPendingSpend(t.redis, { ...spend, txHash: txHash(11), amount: 5n });
    await sleep(150);
    expect(taken).toBe(false);
    await first.release();
    const held = await second;
    expect(held.pendingEntries).toEqual({ [txHash(11)]: "raw:5" });
    await held.release();
  });

  it("another owner's lock and the owner's lock of another token are their own; the owner's next solve still waits", async () => {
    const first = { chainId: 8453, owner: newOwner(), token: USDC };
    const other = { ...first, owner: newOwner() };
    await recordPendingSpend(t.redis, { ...first, txHash: txHash(21), amount: 3n });
    await recordPendingSpend(t.redis, { ...other, txHash: txHash(22), amount: 4n });
    const held = await acquireSpendLock(t.redis, first);
    expect(held.pendingEntries).toEqual({ [txHash(21)]: "raw:3" });
    const started = Date.now();
    const [otherOwner, otherToken] = await Promise.all([acquireSpendLock(t.redis, other), acquireSpendLock(t.redis, { ...first, token: WETH })]);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(otherOwner.pendingEntries).toEqual({ [txHash(22)]: "raw:4" });
    expect(otherToken.pendingEntries).toEqual({});
    const gaveUp = new AbortController();
    const next = acquireSpendLock(t.redis, { ...first, signal: gaveUp.signal });
    await sleep(150);
    gaveUp.abort(new Error("still held"));
    await expect(next).rejects.toThrow("still held");
    expect(await t.redis.get(redisKeys.spendLock(first.chainId, first.owner, first.token))).toMatch(/^lock/);
    await Promise.all([held.release(), otherOwner.release(), otherToken.release()]);
  });

  it("a lock held past the wait's bound: DEPENDENCY_DOWN, the holder's lock untouched", async () => {
    const spend = { chainId: 8453, owner: newOwner(), token: USDC };
    const lockKey = redisKeys.spendLock(spend.chainId, spend.owner, spend.token);
    const held = await acquireSpendLock(t.redis, spend);
    const holder = await t.redis.get(lockKey);
    await expect(acquireSpendLock(t.redis, spend)).rejects.toMatchObject({ code: "DEPENDENCY_DOWN", message: expect.stringMatching(/still in progress/) });
    expect(await t.redis.get(lockKey)).toBe(holder);
    await held.release();
    expect(await t.redis.exists(lockKey)).toBe(0);
  }, 15_000);
});

describe("acquireSpendLock with Redis unreachable", () => {
  it("answers DEPENDENCY_DOWN once the command's bound has passed", async () => {
    const stalled = await startSilentServer();
    try {
      const redis = createRedis({ url: stalled.url, token: "t", timeoutMs: 200 });
      await expect(acquireSpendLock(redis, { chainId: 8453, owner: newOwner(), token: USDC })).rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
    } finally {
      await stalled.close();
    }
  });
});
