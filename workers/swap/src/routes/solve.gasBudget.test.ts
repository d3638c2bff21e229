/**
 * Gas griefing, as an attacker would try it: sign a gasless swap, let Sluice's relayer send it, and move the tokens
 * away first so the relayer's transaction reverts and Sluice pays its gas, again and again. After three reverts in a
 * day the owner's gasless solves pause: the answer is the encode-only calldata (the owner pays gas), nothing is sent.
 * And all at once: many permits fired together, before any revert is mined and counted — at most four are sent.
 * And from many fresh wallets, each under its own budget: the account's new wallets pause, its proven users do not.
 */
import { describe, expect, inject, it } from "vitest";
import { Redis } from "ioredis";
import { ACCOUNT_GASLESS_REVERTS_FLOOR, accountGaslessWindow, chains, GASLESS_IN_FLIGHT_ALLOWED, GASLESS_REVERTS_ALLOWED, redisKeys } from "@sluice/core";
import { confirmSwap, submitEncodedSwap } from "@sluice/core/client";
import { parseUnits, type Hex } from "viem";
import {
  call, connection, createPartner, mint, newUser, outbidRelayer, reader, relayerNonces, solveBody, transferAway, walletOf, type TestUser,
} from "@sluice/testkit";

const chain = "base" as const;

/** One gasless solve of 30 USDC that the owner makes revert by moving its tokens away first. */
async function revertedGaslessSolve(key: string, user: TestUser): Promise<Hex> {
  await mint(chain, "USDC", [user.address], [parseUnits("30", 6)]);
  const body = await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" });
  const { relayed: txHash } = await outbidRelayer(chain, user, async () => {
    const sent = await call("/api/v1/solve", { key, body });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return sent.body.transaction.txHash as Hex;
  }, () => transferAway(chain, "USDC", "30"));
  expect((await reader(chain).getTransactionReceipt({ hash: txHash })).status).toBe("reverted");
  return txHash;
}

describe("an owner whose gasless swaps keep reverting", () => {
  it("is paused after three reverts: the fourth solve sends nothing and answers calldata the owner submits and confirms", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "0");
    const redis = new Redis(inject("stack").redisUrl);
    try {
      const reverts = () => redis.get(redisKeys.gaslessReverts(chains[chain].id, user.address)).then(Number);
      for (let round = 1; round <= 3; round++) {
        await revertedGaslessSolve(partner.key, user);
        // Counted once the solve's receipt is read, in the background after the answer.
        await expect.poll(reverts, { timeout: 15_000 }).toBe(round);
      }

      await mint(chain, "USDC", [user.address], [parseUnits("30", 6)]);
      const before = await relayerNonces(chain);
      const paused = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" }) });
      expect(paused.status, JSON.stringify(paused.body)).toBe(422);
      expect(paused.body).toMatchObject({ ok: false, code: "GASLESS_PAUSED", gaslessEligible: false, transaction: { value: "0", chain } });
      expect(paused.body.error).toBe(
        `Gasless paused: 3 gasless swaps of ${user.address} on base reverted on chain in the last 24 hours; `
          + "submit `transaction` from the owner (paying gas), then call /confirm");
      expect(paused.body.transaction.txHash).toBeUndefined();
      expect(await relayerNonces(chain)).toEqual(before);

      // The owner pays gas for its swap and the volume still counts.
      const sent = await submitEncodedSwap(walletOf(chain, user.account), reader(chain), paused.body.transaction);
      expect((await confirmSwap(connection(partner.key), { txHash: sent.txHash, chain })).ok).toBe(true);

      // Another owner of the same partner is not affected.
      const other = await newUser(chain, "USDC", "30");
      const gasless = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user: other, symbol: "USDC", amount: "30", to: "WETH" }) });
      expect(gasless.status, JSON.stringify(gasless.body)).toBe(200);
      expect(gasless.body.transaction.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    } finally {
      redis.disconnect();
    }
  }, 90_000);

  it("a burst of permits from one owner, before any is mined: four are sent, the rest answer calldata and send nothing until those are", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "300");
    const bodies = await Promise.all(Array.from({ length: 6 }, () => solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" })));
    const redis = new Redis(inject("stack").redisUrl);
    const client = reader(chain);
    const before = await relayerNonces(chain);
    const inFlight = () => redis.zcard(redisKeys.gaslessInFlight(chains[chain].id, user.address));
    try {
      // Nothing is mined while the burst is answered: every sent swap is still in flight when the next one asks. (One
      // after another, each one's answer before the next: they share the owner's spend lock either way, and the
      // atomicity of the claim under concurrency is claimGaslessSlot.test's.)
      await client.request({ method: "evm_setAutomine" as never, params: [false] as never });
      const answers = [];
      try {
        for (const body of bodies) answers.push(await call("/api/v1/solve", { key: partner.key, body }));
      } finally {
        await client.request({ method: "evm_mine" as never, params: [] as never });
        await client.request({ method: "evm_setAutomine" as never, params: [true] as never });
      }
      const sent = answers.filter((a) => a.status === 200);
      const paused = answers.filter((a) => a.status !== 200);
      expect(sent, JSON.stringify(answers.map((a) => a.body))).toHaveLength(GASLESS_IN_FLIGHT_ALLOWED);
      for (const a of paused) {
        expect(a.status, JSON.stringify(a.body)).toBe(422);
        expect(a.body).toMatchObject({ ok: false, code: "GASLESS_PAUSED", gaslessEligible: false, transaction: { value: "0", chain } });
        expect(a.body.error).toBe(`Gasless paused: 4 gasless swaps of ${user.address} on base are not mined yet; `
          + "solve again once they are, or submit `transaction` from the owner (paying gas), then call /confirm");
        expect(a.body.transaction.txHash).toBeUndefined();
      }
      const after = await relayerNonces(chain);
      expect(after.reduce((n, x) => n + x, 0) - before.reduce((n, x) => n + x, 0)).toBe(GASLESS_IN_FLIGHT_ALLOWED);
      // (Mined, or the repair's replacement of it mined, should the burst have outlasted the stuck threshold.)
      for (const a of sent) expect((await client.waitForTransactionReceipt({ hash: a.body.transaction.txHash })).status).toBe("success");

      // Mined: the slots come back, and the owner's next solve is gasless again.
      await expect.poll(inFlight, { timeout: 15_000 }).toBe(0);
      const next = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" }) });
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(next.body.transaction.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    } finally {
      redis.disconnect();
    }
  }, 90_000);
});

describe("an account whose gasless swaps keep reverting from fresh wallets", () => {
  it("pauses its new wallets once ten reverted, more than 5 % of what it sent; its proven users and other accounts stay gasless", async () => {
    const partner = await createPartner();
    const redis = new Redis(inject("stack").redisUrl);
    const chainId = chains[chain].id;
    try {
      // A real user of the partner: one gasless swap that succeeded (a wide tolerance: other suites trade the same
      // pools of the shared devnet meanwhile, and a price moved past 5 bps would revert it).
      const proven = await newUser(chain, "USDC", "60");
      const first = await call("/api/v1/solve", {
        key: partner.key, body: await solveBody({ chain, user: proven, symbol: "USDC", amount: "30", to: "WETH", slippageBps: 500 }),
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect((await reader(chain).waitForTransactionReceipt({ hash: first.body.transaction.txHash })).status).toBe("success");
      await expect.poll(() => redis.exists(redisKeys.gaslessOwnerProven(chainId, proven.address)), { timeout: 15_000 }).toBe(1);

      // Wallets are free: each reverts at most its own budget of three.
      // (One after another: each is funded from the devnet's deployer, whose nonces concurrent sends would race for.)
      const owners = [];
      for (let i = 0; i < Math.ceil(ACCOUNT_GASLESS_REVERTS_FLOOR / GASLESS_REVERTS_ALLOWED); i++) owners.push(await newUser(chain, "USDC", "0"));
      for (let i = 0; i < ACCOUNT_GASLESS_REVERTS_FLOOR; i++) await revertedGaslessSolve(partner.key, owners[Math.floor(i / GASLESS_REVERTS_ALLOWED)]!);
      // Counted once each receipt is read, in the background after the answers (summed over the two windows a run
      // across midnight UTC would touch).
      const counted = async () => {
        const { current, previous } = accountGaslessWindow({ chainId, accountId: partner.accountId });
        const [a, b] = await Promise.all([redis.hgetall(current), redis.hgetall(previous)]);
        return { sends: Number(a.sends ?? 0) + Number(b.sends ?? 0), reverts: Number(a.reverts ?? 0) + Number(b.reverts ?? 0) };
      };
      await expect.poll(counted, { timeout: 15_000 }).toEqual({ sends: ACCOUNT_GASLESS_REVERTS_FLOOR + 1, reverts: ACCOUNT_GASLESS_REVERTS_FLOOR });

      // A new wallet of the same account: nothing is sent, the owner may still swap paying its own gas; the answer
      // names no figure of the account (partners show answers to their users).
      const fresh = await newUser(chain, "USDC", "30");
      const before = await relayerNonces(chain);
      const paused = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user: fresh, symbol: "USDC", amount: "30", to: "WETH" }) });
      expect(paused.status, JSON.stringify(paused.body)).toBe(422);
      expect(paused.body).toMatchObject({ ok: false, code: "GASLESS_PAUSED", gaslessEligible: false, transaction: { value: "0", chain } });
      expect(paused.body.error).toBe("Gasless paused: too many of this integration's gasless swaps on base by new wallets reverted on chain "
        + "in the last day; submit `transaction` from the owner (paying gas), then call /confirm");
      expect(paused.body.transaction.txHash).toBeUndefined();
      expect(await relayerNonces(chain)).toEqual(before);

      // The partner's proven user still swaps gasless, and so does another partner's new wallet.
      const again = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user: proven, symbol: "USDC", amount: "30", to: "WETH" }) });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.transaction.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      const other = await createPartner();
      const gasless = await call("/api/v1/solve", { key: other.key, body: await solveBody({ chain, user: await newUser(chain, "USDC", "30"), symbol: "USDC", amount: "30", to: "WETH" }) });
      expect(gasless.status, JSON.stringify(gasless.body)).toBe(200);
      expect(gasless.body.transaction.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    } finally {
      redis.disconnect();
    }
  }, 240_000);
});
