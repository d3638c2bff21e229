/**
 * The in-flight bound on a real Redis: concurrent claims of one owner never take more than the allowed slots, a slot
 * given back is free at once, a lost release lapses, and owners and chains are counted apart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { devAccounts, startTestRedis, type TestRedis } from "@sluice/testkit";
import { createRedis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { ACCOUNT_GASLESS_REVERT_SHARE_BPS, ACCOUNT_GASLESS_REVERTS_FLOOR, GASLESS_REVERTS_ALLOWED } from "./gaslessRevertBudget.js";
import { ACCOUNT_GASLESS_KEEP_SECONDS, ACCOUNT_GASLESS_WINDOW_MS, accountGaslessWindow } from "./accountGaslessWindow.js";
import { markGaslessOwnerProven } from "./markGaslessOwnerProven.js";
import { recordGaslessSend } from "./recordGaslessSend.js";
import { claimGaslessSlot, GASLESS_IN_FLIGHT_ALLOWED, GASLESS_SLOT_HOLD_MS, GASLESS_UNPROVEN_IN_FLIGHT_ALLOWED } from "./claimGaslessSlot.js";

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
  /** A moment a quarter into a window: the previous window still counts three quarters. */
  const now = Math.floor(Date.now() / ACCOUNT_GASLESS_WINDOW_MS) * ACCOUNT_GASLESS_WINDOW_MS + ACCOUNT_GASLESS_WINDOW_MS / 4;
  const counts = (accountId: string, window: "current" | "previous", sends: number, reverts: number) => t.redis.eval<string[], number>(
    "redis.call('DEL', KEYS[1]) redis.call('HSET', KEYS[1], 'sends', ARGV[1], 'reverts', ARGV[2]) return 1",
    [accountGaslessWindow({ chainId: 8453, accountId, now })[window]], [String(sends), String(reverts)]);
  const claim = (owner: `0x${string}`, accountId: string, solve: string) => claimGaslessSlot(t.redis, { chainId: 8453, owner, accountId, solve, now });

  it("fresh owners of an account whose gasless swaps keep reverting are paused once over the floor and the share", async () => {
    // Counted by the recorders, in the current window: each owner stays under its own budget.
    for (let i = 0; i < ACCOUNT_GASLESS_REVERTS_FLOOR - 1; i++) await recordGaslessSend(t.redis, { chainId: 8453, accountId: "acc_many", now });
    await counts("acc_many", "current", 10, ACCOUNT_GASLESS_REVERTS_FLOOR - 1);
    expect(taken(await claim(fresh(0), "acc_many", "evt_m1"))).toBe(true); // below the floor

    await counts("acc_many", "current", 10, ACCOUNT_GASLESS_REVERTS_FLOOR);
    expect(await claim(fresh(6), "acc_many", "evt_m2")).toEqual({ accountReverts: ACCOUNT_GASLESS_REVERTS_FLOOR, accountSends: 10 });
    expect(await inFlight(fresh(6))).toBe(0);
    // Another account, and the same account on another chain, are not paused.
    expect(taken(await claim(fresh(7), "acc_other", "evt_m3"))).toBe(true);
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 42161, owner: fresh(8), accountId: "acc_many", solve: "evt_m4", now }))).toBe(true);

    // Real traffic: the same reverts are within the share of what the account sent (5 % of 200), so not paused; one
    // send fewer and they are over it.
    const atShare = (ACCOUNT_GASLESS_REVERTS_FLOOR * 10_000) / ACCOUNT_GASLESS_REVERT_SHARE_BPS;
    await counts("acc_many", "current", atShare, ACCOUNT_GASLESS_REVERTS_FLOOR);
    expect(taken(await claim(fresh(9), "acc_many", "evt_m5"))).toBe(true);
    await counts("acc_many", "current", atShare - 1, ACCOUNT_GASLESS_REVERTS_FLOOR);
    expect(await claim(fresh(9), "acc_many", "evt_m6")).toEqual({ accountReverts: ACCOUNT_GASLESS_REVERTS_FLOOR, accountSends: atShare - 1 });
  });

  it("an owner whose gasless swap succeeded is never paused for its account's reverts, only for its own", async () => {
    await counts("acc_proven", "current", 10, 50);
    const user = fresh(1);
    expect(await claim(user, "acc_proven", "evt_p1")).toEqual({ accountReverts: 50, accountSends: 10 });
    await markGaslessOwnerProven(t.redis, { chainId: 8453, owner: user });
    expect(taken(await claim(user, "acc_proven", "evt_p2"))).toBe(true);
    // Proven on another chain only: still fresh here.
    await markGaslessOwnerProven(t.redis, { chainId: 42161, owner: fresh(2) });
    expect(await claim(fresh(2), "acc_proven", "evt_p3")).toEqual({ accountReverts: 50, accountSends: 10 });
    // Its own budget still applies.
    await t.redis.set(redisKeys.gaslessReverts(8453, user), String(GASLESS_REVERTS_ALLOWED));
    expect(await claim(user, "acc_proven", "evt_p4")).toEqual({ reverts: GASLESS_REVERTS_ALLOWED });
  });

  it("counts over a sliding day: the previous window weighted by its overlap, so reverts age out and the pause lifts", async () => {
    // 16 reverts and no sends yesterday: three quarters of them (12) still count a quarter into today.
    await counts("acc_slide", "previous", 0, 16);
    await counts("acc_slide", "current", 0, 0);
    expect(await claim(fresh(3), "acc_slide", "evt_s1")).toEqual({ accountReverts: 12, accountSends: 0 });
    // Later in the day a quarter of them is left (4): under the floor.
    const late = now + ACCOUNT_GASLESS_WINDOW_MS / 2;
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 8453, owner: fresh(3), accountId: "acc_slide", solve: "evt_s2", now: late }))).toBe(true);
    // Yesterday's sends count the same way: 400 sends yesterday (300 now) and 10 reverts today are within the share.
    await counts("acc_slide", "previous", 400, 0);
    await counts("acc_slide", "current", 0, 10);
    expect(taken(await claim(fresh(4), "acc_slide", "evt_s3"))).toBe(true);
    await counts("acc_slide", "current", 0, 8);
    await counts("acc_slide", "previous", 0, 4); // 8 + 3
    expect(await claim(fresh(5), "acc_slide", "evt_s4")).toEqual({ accountReverts: 11, accountSends: 0 });
  });

  it("a send and a revert are counted in the current window, kept while they can be read", async () => {
    await recordGaslessSend(t.redis, { chainId: 10, accountId: "acc_window", now });
    await recordGaslessSend(t.redis, { chainId: 10, accountId: "acc_window", now });
    const { current } = accountGaslessWindow({ chainId: 10, accountId: "acc_window", now });
    expect(await t.redis.hgetall(current)).toEqual({ sends: 2 });
    const ttl = await t.redis.eval<string[], number>("return redis.call('TTL', KEYS[1])", [current], []);
    expect(ttl).toBeGreaterThan(ACCOUNT_GASLESS_KEEP_SECONDS - 60);
  });
});

describe("claimGaslessSlot and an account's fresh owners in flight", () => {
  it("concurrent claims from many fresh owners of one account: at most the account's bound taken, the rest paused; proven owners and other accounts unaffected", async () => {
    const fresh = Array.from({ length: GASLESS_UNPROVEN_IN_FLIGHT_ALLOWED + 2 }, () => privateKeyToAccount(generatePrivateKey()).address);
    const claims = await Promise.all(fresh.map((who, i) => claimGaslessSlot(t.redis, { chainId: 8453, owner: who, accountId: "acc_burst", solve: `evt_burst${i}` })));
    expect(claims.filter(taken)).toHaveLength(GASLESS_UNPROVEN_IN_FLIGHT_ALLOWED);
    for (const refused of claims.filter((c) => !taken(c))) expect(refused).toEqual({ accountInFlight: GASLESS_UNPROVEN_IN_FLIGHT_ALLOWED });
    // A refused owner holds no slot of its own.
    const refusedOwners = fresh.filter((_, i) => !taken(claims[i]!));
    for (const who of refusedOwners) expect(await inFlight(who)).toBe(0);

    // A proven owner of the same account, and a fresh owner of another account, still get theirs.
    const proven = privateKeyToAccount(generatePrivateKey()).address;
    await markGaslessOwnerProven(t.redis, { chainId: 8453, owner: proven });
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 8453, owner: proven, accountId: "acc_burst", solve: "evt_burst_p" }))).toBe(true);
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 8453, owner: refusedOwners[0]!, accountId: "acc_calm", solve: "evt_calm" }))).toBe(true);

    // One fresh owner's swap settled (its slot given back): exactly one more fresh owner of the account gets one.
    await (claims.find(taken) as { release: () => Promise<void> }).release();
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 8453, owner: refusedOwners[1]!, accountId: "acc_burst", solve: "evt_burst_r1" }))).toBe(true);
    expect(await claimGaslessSlot(t.redis, { chainId: 8453, owner: privateKeyToAccount(generatePrivateKey()).address, accountId: "acc_burst", solve: "evt_burst_r2" }))
      .toEqual({ accountInFlight: GASLESS_UNPROVEN_IN_FLIGHT_ALLOWED });
  });
});
