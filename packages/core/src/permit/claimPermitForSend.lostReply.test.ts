/**
 * A claim whose reply Redis lost (the script ran, the answer never came: a timeout after the write) on a real Redis:
 * the solve answers DEPENDENCY_DOWN "retry shortly", so the retry, a new solve, must find the permit free to claim.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startTestRedis, type TestRedis } from "@sluice/testkit";
import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { claimPermitForSend } from "./claimPermitForSend.js";
import { claimPermitOwnership } from "./claimPermitOwnership.js";

let t: TestRedis;
beforeAll(async () => { t = await startTestRedis(); });
afterAll(async () => { await t?.close(); });

/** `t.redis` whose first script runs but answers with an error, as a reply lost on the way back. */
function losingFirstReply(): Redis {
  let lose = true;
  return new Proxy(t.redis, { get(target, prop, receiver) {
    if (prop === "eval") return async (...args: unknown[]) => {
      const result = await (target.eval as (...a: unknown[]) => Promise<unknown>)(...args);
      if (lose) { lose = false; throw new Error("fetch failed (reply lost)"); }
      return result;
    };
    return Reflect.get(target, prop, receiver);
  } }) as Redis;
}

const owner = privateKeyToAccount(generatePrivateKey()).address;
const permit = (nonce: bigint) => ({ chainId: 8453, owner, nonce, deadline: BigInt(Math.floor(Date.now() / 1000) + 3600), accountId: "acc_1" });

describe("claimPermitForSend when the claim's reply is lost", () => {
  it("answers DEPENDENCY_DOWN and lets go of the claim the script took: the retry claims the permit, and an encode-only use is not refused", async () => {
    await expect(claimPermitForSend(losingFirstReply(), { ...permit(42n), claimant: "evt_first" })).rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
    expect(await t.redis.exists(redisKeys.permitClaim(8453, owner, 42n))).toBe(0);
    await expect(claimPermitOwnership(t.redis, permit(42n))).resolves.toBeUndefined();
    const release = await claimPermitForSend(t.redis, { ...permit(42n), claimant: "evt_retry" });
    expect(await t.redis.get(redisKeys.permitClaim(8453, owner, 42n))).toBe("evt_retry");
    await release();
  });

  it("never lets go of another solve's claim: a lost reply to a refused claim leaves the permit being spent", async () => {
    await claimPermitForSend(t.redis, { ...permit(43n), claimant: "evt_sending" });
    await expect(claimPermitForSend(losingFirstReply(), { ...permit(43n), claimant: "evt_replay" })).rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
    expect(await t.redis.get(redisKeys.permitClaim(8453, owner, 43n))).toBe("evt_sending");
    await expect(claimPermitForSend(t.redis, { ...permit(43n), claimant: "evt_replay2" })).rejects.toMatchObject({ code: "PERMIT_INVALID" });
  });
});
