/**
 * Swap integrity, as an attacker would try it: volume is what the chain shows, once; a signed permit serves one
 * integration; concurrent solves over one balance never send a transaction that must fail.
 */
import { describe, expect, inject, it } from "vitest";
import { Redis } from "ioredis";
import { createDb, redisKeys } from "@sluice/core";
import type { Hex } from "viem";
import {
  admin, call, createPartner, decodeSwapCalldata, newUser, outbidRelayer, query, reader, relayerNonces, signPermit, solveBody, token, transferAway,
  type TestUser,
} from "@sluice/testkit";

const chain = "base" as const;

type RawDb = { $client: { query(text: string, params: unknown[]): Promise<{ rows: { outcome: string }[] }> } };

type UsageEvent = { id: string; is_dry_run: boolean; status: string; tx_hash: string | null; volume_usd: number };

async function solveEvents(key: string): Promise<UsageEvent[]> {
  const usage = await call("/api/v1/usage?event_type=solve", { key });
  expect(usage.status, JSON.stringify(usage.body)).toBe(200);
  return usage.body.events;
}

/** The account's sent (not dry-run) solve events once `done` holds: a gasless solve is recorded after its answer. */
async function sentSolveEvents(key: string, done: (events: UsageEvent[]) => boolean): Promise<UsageEvent[]> {
  let events: UsageEvent[] = [];
  await expect.poll(async () => done(events = (await solveEvents(key)).filter((e) => !e.is_dry_run)), { timeout: 10_000 }).toBe(true);
  return events;
}

async function accruedVolume(key: string): Promise<number> {
  const rebates = await call("/api/v1/rebates", { key });
  expect(rebates.status, JSON.stringify(rebates.body)).toBe(200);
  return (rebates.body.rebates as { volume_usd: number; kind: string }[])
    .filter((r) => r.kind === "volume").reduce((sum, r) => sum + r.volume_usd, 0);
}

/** One permit, signed once: the body of a gasless solve and of a dry run of the very same permit. */
async function onePermit(user: TestUser, amount: string) {
  const body = await solveBody({ chain, user, symbol: "USDC", amount, to: "WETH" });
  return { gasless: body, dryRun: { ...body, dryRun: true } };
}

describe("one transaction is credited once", () => {
  it("a dry run then a gasless solve of the same permit, then /confirm of the relayer's transaction: counted once", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const { gasless, dryRun } = await onePermit(user, "30");
    expect((await call("/api/v1/solve", { key: partner.key, body: dryRun })).status).toBe(200);
    const sent = await call("/api/v1/solve", { key: partner.key, body: gasless });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const txHash = sent.body.transaction.txHash as Hex;

    const confirm = await call("/api/v1/confirm", { key: partner.key, body: { txHash, chain } });
    expect(confirm.body, JSON.stringify(confirm.body)).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(confirm.body.error).toMatch(/already tracked as a gasless solve/);

    const executed = await sentSolveEvents(partner.key, (events) => events.length > 0);
    expect(executed).toEqual([expect.objectContaining({ status: "executed", tx_hash: txHash })]);
    expect(await accruedVolume(partner.key)).toBeCloseTo(executed[0]!.volume_usd, 2);
  });

  it("another account can neither dry-run a user's permit nor confirm the gasless transaction for itself", async () => {
    const [owner, intruder] = [await createPartner(), await createPartner()];
    const user = await newUser(chain, "USDC", "30");
    const { gasless, dryRun } = await onePermit(user, "30");
    const sent = await call("/api/v1/solve", { key: owner.key, body: gasless });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const stolen = await call("/api/v1/solve", { key: intruder.key, body: dryRun });
    expect(stolen.body).toMatchObject({ ok: false, code: "PERMIT_INVALID" });
    const confirm = await call("/api/v1/confirm", { key: intruder.key, body: { txHash: sent.body.transaction.txHash, chain } });
    expect(confirm.body).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(await solveEvents(intruder.key)).toEqual([]);
    expect(await accruedVolume(intruder.key)).toBe(0);
  });

  it("the first account to encode a permit owns it: another account's gasless solve of it is refused, nothing sent", async () => {
    const [first, second] = [await createPartner(), await createPartner()];
    const user = await newUser(chain, "USDC", "30");
    const { gasless, dryRun } = await onePermit(user, "30");
    expect((await call("/api/v1/solve", { key: first.key, body: dryRun })).status).toBe(200);
    const before = await relayerNonces(chain);
    const refused = await call("/api/v1/solve", { key: second.key, body: gasless });
    expect(refused.body).toMatchObject({ ok: false, code: "PERMIT_INVALID" });
    expect(refused.body.error).toMatch(/another Sluice integration/);
    expect(await relayerNonces(chain)).toEqual(before);
    // The owner's integration can still execute it.
    expect((await call("/api/v1/solve", { key: first.key, body: gasless })).status).toBe(200);
  });

  it("a dry run of a permit that was sent is refused", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const { gasless, dryRun } = await onePermit(user, "30");
    expect((await call("/api/v1/solve", { key: partner.key, body: gasless })).status).toBe(200);
    const again = await call("/api/v1/solve", { key: partner.key, body: dryRun });
    expect(again.body).toMatchObject({ ok: false, code: "PERMIT_INVALID" });
  });
});

describe("volume is what the chain shows", () => {
  it("a gasless solve's event is held in the usage outbox before the answer, then in Postgres once and let go of", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const redis = new Redis(inject("stack").redisUrl);
    try {
      const sent = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" }) });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const txHash = sent.body.transaction.txHash.toLowerCase();
      const rows = () => query<{ id: string; owner: string; token_in: string; token_out: string }>(
        "select id, owner, token_in, token_out from usage_events where tx_hash = $1", [txHash]);
      // At the answer the event is durable already: held in the outbox, or (written since) in Postgres.
      const [outbox, written] = await Promise.all([redis.hvals(redisKeys.usageOutbox), rows()]);
      expect(outbox.some((entry) => entry.toLowerCase().includes(txHash)) || written.length === 1).toBe(true);
      await expect.poll(async () => (await rows()).length, { timeout: 10_000 }).toBe(1);
      const id = (await rows())[0]!.id;
      await expect.poll(() => redis.hexists(redisKeys.usageOutbox, id), { timeout: 10_000 }).toBe(0);
      // The drain finds nothing of it left to write, and a usage read counts it once.
      expect((await admin("/admin/v1/usage/outbox/drain", { method: "POST" })).status).toBe(200);
      expect(await rows()).toHaveLength(1);
      expect((await sentSolveEvents(partner.key, (events) => events.length > 0)).map((e) => e.id)).toEqual([id]);
      // The swap is kept with it (the operator's volume review reads it): the permit's owner and the swap's tokens.
      expect((await rows())[0]).toMatchObject({
        owner: user.address.toLowerCase(), token_in: token(chain, "USDC").address.toLowerCase(), token_out: token(chain, "WETH").address.toLowerCase(),
      });
      // Once its receipt settles it, it is in the month's review: one-way, no round trip.
      const month = new Date().toISOString().slice(0, 7);
      const reviewed = async () => {
        const review = await admin(`/admin/v1/volume-review?month=${month}&top=3`);
        expect(review.status, JSON.stringify(review.body)).toBe(200);
        return (review.body as { accounts: { accountId: string; volumeUsd: string; roundTripUsd: string; top: unknown[] }[] }).accounts
          .find((a) => a.accountId === partner.accountId);
      };
      await expect.poll(reviewed, { timeout: 15_000 }).toMatchObject({ roundTripUsd: "0", top: [] });
      expect(Number((await reviewed())!.volumeUsd)).toBeGreaterThan(29);
    } finally {
      redis.disconnect();
    }
  });

  it("a sale of an uncurated token is credited the output the executor guarantees, not the quote's", async () => {
    // Valued by its output (the input is not curated), at the widest slippage: the quote could be taken on a pool state
    // the swapper's own trades skew before the swap is mined, and only the minimum output is sure to arrive.
    const partner = await createPartner();
    const seller = await newUser(chain, "LADDER", "500");
    const sale = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user: seller, symbol: "LADDER", amount: "500", to: "USDC", slippageBps: 5000, dryRun: true }) });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    const { minAmountOut } = decodeSwapCalldata(sale.body.transaction.data);
    const quoted = sale.body.quote as { volumeUsd: number; amountOutRaw: string };
    expect(quoted.volumeUsd).toBeGreaterThan(400);
    const [event] = await solveEvents(partner.key);
    // Usage answers volumes in cents.
    expect(Math.abs(event!.volume_usd - quoted.volumeUsd * Number(minAmountOut) / Number(quoted.amountOutRaw))).toBeLessThanOrEqual(0.005);
    expect(event!.volume_usd).toBeLessThan(quoted.volumeUsd * 0.51);
    // Valued by its input (curated, the permit's exact amount): credited in full at any slippage.
    const buyer = await newUser(chain, "USDC", "30");
    const purchase = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user: buyer, symbol: "USDC", amount: "30", to: "WETH", slippageBps: 5000, dryRun: true }) });
    expect(purchase.status, JSON.stringify(purchase.body)).toBe(200);
    const bought = (await solveEvents(partner.key)).find((e) => e.id !== event!.id);
    expect(Math.abs(bought!.volume_usd - purchase.body.quote.volumeUsd)).toBeLessThanOrEqual(0.005);
  });

  it("a round trip through an unlisted token earns nothing and is never gasless: its pool may be the swapper's own", async () => {
    // The wash trade: a partner mints a token, pairs it with USDC in a pool it alone provides (the fees come back to it)
    // and churns USDC → token → USDC. Each leg has a curated side, so each would be credited its USDC (and the buy
    // sent gasless, at Sluice's cost). SCAM (quality 20) stands for such a token: routable, priced, not listed.
    const partner = await createPartner();
    const scam = token(chain, "SCAM").address;
    const buyer = await newUser(chain, "USDC", "100");
    const buy = await call("/api/v1/solve", { key: partner.key, body: { ...await solveBody({ chain, user: buyer, symbol: "USDC", amount: "100", to: scam }), to: scam } });
    expect(buy.status, JSON.stringify(buy.body)).toBe(422);
    expect(buy.body).toMatchObject({ ok: false, code: "SWAP_TOO_SMALL", gaslessEligible: false, quote: { volumeUsd: 0 } });
    expect(buy.body.error).toContain("SCAM is not a listed token");
    expect(buy.body.transaction.data).toMatch(/^0x/);
    const seller = await newUser(chain, "SCAM", "50000");
    const sale = await call("/api/v1/solve", {
      key: partner.key,
      body: { ...await solveBody({ chain, user: seller, symbol: "SCAM", amount: "50000", to: "USDC", dryRun: true }), from: scam },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    expect(Number(sale.body.quote.amountOut)).toBeGreaterThan(10);
    expect(sale.body.quote.volumeUsd).toBe(0);
    const events = await solveEvents(partner.key);
    expect(events).toHaveLength(2);
    for (const event of events) expect(event.volume_usd).toBe(0);
    // A listed token's round trip is credited as before.
    const listed = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user: buyer, symbol: "USDC", amount: "30", to: "LADDER", dryRun: true }) });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.quote.volumeUsd).toBe(30);
  });

  it("a gasless solve is finalised from its receipt in the background, with no read of the usage", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const sent = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" }) });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { db, close } = createDb({ url: inject("stack").databaseUrl });
    try {
      let outcome: string | undefined;
      for (let i = 0; i < 40 && outcome !== "succeeded"; i++) {
        const rows = await (db as unknown as RawDb).$client.query("select outcome from usage_events where tx_hash = $1", [sent.body.transaction.txHash.toLowerCase()]);
        outcome = rows.rows[0]?.outcome;
        if (outcome !== "succeeded") await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(outcome).toBe("succeeded");
    } finally {
      await close();
    }
  });

  it("a gasless solve that reverts on chain is recorded as failed and earns nothing", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const client = reader(chain);
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" });
    // Before the block is mined, the user moves the tokens away with a higher tip: the solve must revert.
    const { relayed: txHash } = await outbidRelayer(chain, user, async () => {
      const sent = await call("/api/v1/solve", { key: partner.key, body });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const hash = sent.body.transaction.txHash as Hex;
      expect((await sentSolveEvents(partner.key, (events) => events.length > 0))[0]).toMatchObject({ status: "pending", tx_hash: hash });
      return hash;
    }, () => transferAway(chain, "USDC", "30"));
    expect((await client.getTransactionReceipt({ hash: txHash })).status).toBe("reverted");
    expect((await solveEvents(partner.key)).find((e) => !e.is_dry_run)).toMatchObject({ status: "failed", tx_hash: txHash });
    expect(await accruedVolume(partner.key)).toBe(0);
  });

  it("six concurrent solves with different permits over a balance that covers one: one sent, five refused before sending", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const bodies = await Promise.all(Array.from({ length: 6 }, () => solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" })));
    const before = await relayerNonces(chain);
    const answers = await Promise.all(bodies.map((body) => call("/api/v1/solve", { key: partner.key, body })));
    const sent = answers.filter((a) => a.status === 200);
    expect(sent, JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.body).toMatchObject({ ok: false, code: "PERMIT_INVALID" });
      expect(refused.body.error).toMatch(/Insufficient balance/);
    }
    const after = await relayerNonces(chain);
    expect(after.reduce((s, n) => s + n, 0) - before.reduce((s, n) => s + n, 0)).toBe(1);
    const executed = await sentSolveEvents(partner.key, (events) => events.length > 0);
    expect(executed).toEqual([expect.objectContaining({ status: "executed" })]);
  });

  it("many solves of one permit at once: one is sent, the rest refused", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "90");
    const { permit, signature, witness } = await signPermit({ chain, user, symbol: "USDC", amount: "30", to: "WETH" });
    const body = { from: "USDC", to: "WETH", amount: "30", chain, user: user.address, permit, signature, witness };
    const answers = await Promise.all(Array.from({ length: 5 }, () => call("/api/v1/solve", { key: partner.key, body })));
    expect(answers.filter((a) => a.status === 200), JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) expect(refused.body).toMatchObject({ ok: false, code: "PERMIT_INVALID" });
    expect(await sentSolveEvents(partner.key, (events) => events.length > 0)).toHaveLength(1);
  });
});
