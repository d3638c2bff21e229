/**
 * The in-flight bound on a real Redis: concurrent claims of one owner never take more than the allowed slots, a slot
 * given back is free at once, a lost release lapses, and owners and chains are counted apart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { devAccounts, startTestRedis, type TestRedis } from "@sluice/testkit";
import { createRedis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import {
  ACCOUNT_GASLESS_REVERT_SHARE_BPS, ACCOUNT_GASLESS_REVERTS_FLOOR, GASLESS_REVERT_WINDOW_SECONDS, GASLESS_REVERTS_ALLOWED,
} from "./gaslessRevertBudget.js";
import { recordGaslessSend } from "./recordGaslessSend.js";
import { claimGaslessSlot, GASLESS_IN_FLIGHT_ALLOWED, GASLESS_SLOT_HOLD_MS } from "./claimGaslessSlot.js";

let t: TestRedis;
beforeAll(async () => { t = await startTestRedis(); });
afterAll(async () => { await t?.close(); });

const owner = privateKeyToAccount(devAccounts()[3]!.privateKey).address;
const other = privateKeyToAccount(devAccounts()[4]!.privateKey).address;
const inFlight = (who: `0x${string}`) =>
  t.redis.eval<string[], number>("return redis.call('ZCARD', KEYS[1])", [redisKeys.gaslessInFlight(8453, who)], []);
const taken = (r: Awaited<ReturnType<typeof claimGaslessSlot>>) => "release" in r;

describe("claimGaslessSlot", () => {
  it("twenty concurrent claims of one owner: exactly the allowed number taken, the rest told how many are in flight", async () => {
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => claimGaslessSlot(t.redis, { chainId: 8453, owner, accountId: "acc_a", solve: `evt_a${i}` })));
    expect(claims.filter(taken)).toHaveLength(GASLESS_IN_FLIGHT_ALLOWED);
    for (const refused of claims.filter((c) => !taken(c))) expect(refused).toEqual({ inFlight: GASLESS_IN_FLIGHT_ALLOWED });

    // Another owner, and the same owner on another chain, have their own slots.
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 8453, owner: other, accountId: "acc_a", solve: "evt_b" }))).toBe(true);
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 42161, owner, accountId: "acc_a", solve: "evt_c" }))).toBe(true);

    // One given back (twice: the second is a no-op): exactly one more can be taken.
    const first = claims.find(taken) as { release: () => Promise<void> };
    await first.release();
    await first.release();
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 8453, owner, accountId: "acc_a", solve: "evt_d" }))).toBe(true);
    expect(await claimGaslessSlot(t.redis, { chainId: 8453, owner, accountId: "acc_a", solve: "evt_e" })).toEqual({ inFlight: GASLESS_IN_FLIGHT_ALLOWED });
  });

  it("a slot whose release was lost lapses after its hold", async () => {
    const start = Date.now();
    for (let i = 0; i < GASLESS_IN_FLIGHT_ALLOWED; i++) {
      expect(taken(await claimGaslessSlot(t.redis, { chainId: 10, owner, accountId: "acc_a", solve: `evt_f${i}`, now: start }))).toBe(true);
    }
    expect(await claimGaslessSlot(t.redis, { chainId: 10, owner, accountId: "acc_a", solve: "evt_g", now: start + GASLESS_SLOT_HOLD_MS - 1 })).toEqual({ inFlight: GASLESS_IN_FLIGHT_ALLOWED });
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 10, owner, accountId: "acc_a", solve: "evt_h", now: start + GASLESS_SLOT_HOLD_MS + 1 }))).toBe(true);
  });

  it("Redis down: DEPENDENCY_DOWN, nothing taken", async () => {
    const down = createRedis({ url: "http://127.0.0.1:1", token: "x" }); // nothing listens there
    await expect(claimGaslessSlot(down, { chainId: 8453, owner, accountId: "acc_a", solve: "evt_i" })).rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
  });
});

describe("claimGaslessSlot and the revert budget", () => {
  it("refuses with the owner's reverts once they reached the budget since the solve read them; a retried claim is the same slot", async () => {
    const owner2 = privateKeyToAccount(devAccounts()[5]!.privateKey).address;
    const first = await claimGaslessSlot(t.redis, { chainId: 8453, owner: owner2, accountId: "acc_a", solve: "evt_r1" });
    expect(taken(first)).toBe(true);
    // The same solve's claim again (its first reply lost and the call retried): still one slot, taken.
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 8453, owner: owner2, accountId: "acc_a", solve: "evt_r1" }))).toBe(true);
    expect(await inFlight(owner2)).toBe(1);

    await t.redis.set(redisKeys.gaslessReverts(8453, owner2), String(GASLESS_REVERTS_ALLOWED));
    expect(await claimGaslessSlot(t.redis, { chainId: 8453, owner: owner2, accountId: "acc_a", solve: "evt_r2" })).toEqual({ reverts: GASLESS_REVERTS_ALLOWED });
    expect(await inFlight(owner2)).toBe(1);
  });
});

describe("claimGaslessSlot and the account's revert budget", () => {
  const owners = Array.from({ length: 10 }, () => privateKeyToAccount(generatePrivateKey()).address);
  const fresh = (i: number) => owners[i]!;
  const account = (sends: number, reverts: number) => t.redis.eval<string[], number>(
    "redis.call('HSET', KEYS[1], 'sends', ARGV[1], 'reverts', ARGV[2]) return 1", [redisKeys.gaslessAccount(8453, "acc_many")], [String(sends), String(reverts)]);

  it("an account whose gasless swaps from fresh owners keep reverting is paused for every owner once over the floor and the share", async () => {
    // Each owner stays under its own budget: two reverts each, from five owners.
    for (let i = 0; i < 5; i++) {
      await t.redis.set(redisKeys.gaslessReverts(8453, fresh(i)), String(GASLESS_REVERTS_ALLOWED - 1));
      await recordGaslessSend(t.redis, { chainId: 8453, accountId: "acc_many" });
      await recordGaslessSend(t.redis, { chainId: 8453, accountId: "acc_many" });
    }
    await account(10, ACCOUNT_GASLESS_REVERTS_FLOOR - 1);
    const claim = (owner: `0x${string}`, accountId: string, solve: string) => claimGaslessSlot(t.redis, { chainId: 8453, owner, accountId, solve });
    expect(taken(await claim(fresh(0), "acc_many", "evt_m1"))).toBe(true); // below the floor

    await account(10, ACCOUNT_GASLESS_REVERTS_FLOOR);
    expect(await claim(fresh(6), "acc_many", "evt_m2")).toEqual({ accountReverts: ACCOUNT_GASLESS_REVERTS_FLOOR, accountSends: 10 });
    expect(await inFlight(fresh(6))).toBe(0);
    // Another account, and the same account on another chain, are not paused.
    expect(taken(await claim(fresh(7), "acc_other", "evt_m3"))).toBe(true);
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 42161, owner: fresh(8), accountId: "acc_many", solve: "evt_m4" }))).toBe(true);

    // Real traffic: the same reverts are within the share of what the account sent (5 % of 200), so not paused; one
    // send fewer and they are over it.
    const atShare = (ACCOUNT_GASLESS_REVERTS_FLOOR * 10_000) / ACCOUNT_GASLESS_REVERT_SHARE_BPS;
    await account(atShare, ACCOUNT_GASLESS_REVERTS_FLOOR);
    expect(taken(await claim(fresh(9), "acc_many", "evt_m5"))).toBe(true);
    await account(atShare - 1, ACCOUNT_GASLESS_REVERTS_FLOOR);
    expect(await claim(fresh(9), "acc_many", "evt_m6")).toEqual({ accountReverts: ACCOUNT_GASLESS_REVERTS_FLOOR, accountSends: atShare - 1 });
  });

  it("sends and reverts share one window, set by the first write", async () => {
    await recordGaslessSend(t.redis, { chainId: 10, accountId: "acc_window" });
    const ttl = () => t.redis.eval<string[], number>("return redis.call('TTL', KEYS[1])", [redisKeys.gaslessAccount(10, "acc_window")], []);
    expect(await ttl()).toBeGreaterThan(GASLESS_REVERT_WINDOW_SECONDS - 60);
    await recordGaslessSend(t.redis, { chainId: 10, accountId: "acc_window" });
    expect(await t.redis.hgetall(redisKeys.gaslessAccount(10, "acc_window"))).toEqual({ sends: 2 });
  });
});
