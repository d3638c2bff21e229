/**
 * `/confirm` as an attacker would try it, against the whole local stack: a caller cannot name the volume, and a swap
 * that is both sent gaslessly and sent by the user (racing the relayer with the answer's own calldata) counts once —
 * the one transaction the chain mined.
 */
import { describe, expect, it } from "vitest";
import { confirmSwap } from "@sluice/core/client";
import type { Address, Hex } from "viem";
import { call, connection, createPartner, newUser, outbidRelayer, reader, solveBody } from "@sluice/testkit";

const chain = "base" as const;

type UsageEvent = { id: string; is_dry_run: boolean; status: string; tx_hash: string | null; volume_usd: number };

async function solveEvents(key: string): Promise<UsageEvent[]> {
  const usage = await call("/api/v1/usage?event_type=solve", { key });
  expect(usage.status, JSON.stringify(usage.body)).toBe(200);
  return usage.body.events;
}

async function accruedVolume(key: string): Promise<number> {
  const rebates = await call("/api/v1/rebates", { key });
  expect(rebates.status, JSON.stringify(rebates.body)).toBe(200);
  return (rebates.body.rebates as { volume_usd: number; kind: string }[])
    .filter((r) => r.kind === "volume").reduce((sum, r) => sum + r.volume_usd, 0);
}

describe("POST /api/v1/confirm: the volume is the chain's and Sluice's, never the caller's", () => {
  it("a body naming the volume, an amount or a price is refused, naming the field; nothing is tracked", async () => {
    const partner = await createPartner();
    const txHash = `0x${"34".repeat(32)}`;
    for (const extra of [{ volumeUsd: 1_000_000 }, { amount: "1000000" }, { priceUsd: "1000000" }]) {
      const answer = await call("/api/v1/confirm", { key: partner.key, body: { txHash, chain, ...extra } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ ok: false });
      expect(answer.body.error).toContain(Object.keys(extra)[0]);
    }
    expect(await solveEvents(partner.key)).toEqual([]);
  });
});

describe("a swap sent gaslessly and by the user at once counts once", () => {
  it("the user races the relayer with the gasless answer's calldata: the user's mined swap is credited once, the relayer's reverted send earns nothing", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const client = reader(chain);
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" });
    // A dry run first: the calldata is remembered for /confirm (the same bytes the gasless send uses).
    const dry = await call("/api/v1/solve", { key: partner.key, body: { ...body, dryRun: true } });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    // Before the block is mined the user sends the very same calldata from their own wallet, with a higher tip.
    const { relayed, own } = await outbidRelayer(chain, user, async () => {
      const sent = await call("/api/v1/solve", { key: partner.key, body });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.transaction.data).toBe(dry.body.transaction.data);
      return sent.body.transaction as { to: Address; data: Hex; txHash: Hex };
    }, (sent) => ({ to: sent.to, data: sent.data }));
    expect((await client.getTransactionReceipt({ hash: own })).status).toBe("success");
    expect((await client.getTransactionReceipt({ hash: relayed.txHash })).status).toBe("reverted");

    // The relayer's transaction is never confirmable; the user's is, once, whoever asks and however often.
    expect(await call("/api/v1/confirm", { key: partner.key, body: { txHash: relayed.txHash, chain } })).toMatchObject({ body: { ok: false, code: "CONFLICT" } });
    const answers = await Promise.all([1, 2].map(() => confirmSwap(connection(partner.key), { txHash: own, chain })));
    for (const answer of answers) expect(answer).toMatchObject({ ok: true, txHash: own.toLowerCase(), tracked: true });
    await expect.poll(async () => (await solveEvents(partner.key)).map((e) => e.status).sort(), { timeout: 10_000 }).toEqual(["executed", "failed"]);
    const events = await solveEvents(partner.key);
    expect(events.find((e) => e.status === "executed")).toMatchObject({ is_dry_run: false, tx_hash: own.toLowerCase() });
    expect(events.find((e) => e.status === "failed")).toMatchObject({ tx_hash: relayed.txHash.toLowerCase() });
    expect(await accruedVolume(partner.key)).toBeCloseTo(dry.body.quote.volumeUsd, 2);
  });
});
