/**
 * The in-flight bound on a real Redis: concurrent claims of one owner never take more than the allowed slots, a slot
 * given back is free at once, a lost release lapses, and owners and chains are counted apart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts, startTestRedis, type TestRedis } from "@sluice/testkit";
import { createRedis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { GASLESS_REVERTS_ALLOWED } from "./gaslessRevertBudget.js";
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
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => claimGaslessSlot(t.redis, { chainId: 8453, owner, solve: `evt_a${i}` })));
    expect(claims.filter(taken)).toHaveLength(GASLESS_IN_FLIGHT_ALLOWED);
    for (const refused of claims.filter((c) => !taken(c))) expect(refused).toEqual({ inFlight: GASLESS_IN_FLIGHT_ALLOWED });

    // Another owner, and the same owner on another chain, have their own slots.
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 8453, owner: other, solve: "evt_b" }))).toBe(true);
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 42161, owner, solve: "evt_c" }))).toBe(true);

    // One given back (twice: the second is a no-op): exactly one more can be taken.
    const first = claims.find(taken) as { release: () => Promise<void> };
    await first.release();
    await first.release();
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 8453, owner, solve: "evt_d" }))).toBe(true);
    expect(await claimGaslessSlot(t.redis, { chainId: 8453, owner, solve: "evt_e" })).toEqual({ inFlight: GASLESS_IN_FLIGHT_ALLOWED });
  });

  it("a slot whose release was lost lapses after its hold", async () => {
    const start = Date.now();
    for (let i = 0; i < GASLESS_IN_FLIGHT_ALLOWED; i++) {
      expect(taken(await claimGaslessSlot(t.redis, { chainId: 10, owner, solve: `evt_f${i}`, now: start }))).toBe(true);
    }
    expect(await claimGaslessSlot(t.redis, { chainId: 10, owner, solve: "evt_g", now: start + GASLESS_SLOT_HOLD_MS - 1 })).toEqual({ inFlight: GASLESS_IN_FLIGHT_ALLOWED });
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 10, owner, solve: "evt_h", now: start + GASLESS_SLOT_HOLD_MS + 1 }))).toBe(true);
  });

  it("Redis down: DEPENDENCY_DOWN, nothing taken", async () => {
    const down = createRedis({ url: "http://127.0.0.1:1", token: "x" }); // nothing listens there
    await expect(claimGaslessSlot(down, { chainId: 8453, owner, solve: "evt_i" })).rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
  });
});

describe("claimGaslessSlot and the revert budget", () => {
  it("refuses with the owner's reverts once they reached the budget since the solve read them; a retried claim is the same slot", async () => {
    const owner2 = privateKeyToAccount(devAccounts()[5]!.privateKey).address;
    const first = await claimGaslessSlot(t.redis, { chainId: 8453, owner: owner2, solve: "evt_r1" });
    expect(taken(first)).toBe(true);
    // The same solve's claim again (its first reply lost and the call retried): still one slot, taken.
    expect(taken(await claimGaslessSlot(t.redis, { chainId: 8453, owner: owner2, solve: "evt_r1" }))).toBe(true);
    expect(await inFlight(owner2)).toBe(1);

    await t.redis.set(redisKeys.gaslessReverts(8453, owner2), String(GASLESS_REVERTS_ALLOWED));
    expect(await claimGaslessSlot(t.redis, { chainId: 8453, owner: owner2, solve: "evt_r2" })).toEqual({ reverts: GASLESS_REVERTS_ALLOWED });
    expect(await inFlight(owner2)).toBe(1);
  });
});
