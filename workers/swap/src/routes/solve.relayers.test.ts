/**
 * Relayer balances on the stack: a relayer below the chain's minimum leaves rotation (solves go to the funded ones),
 * the public entry's /health reports it, and when no relayer can pay a gasless solve is refused with a 503 before
 * anything is sent — then everything recovers once the wallets are topped up.
 */
import { afterAll, describe, expect, inject, it } from "vitest";
import { isAddressEqual, type Address } from "viem";
import { Redis } from "ioredis";
import { chains, redisKeys } from "@sluice/core";
import { call, createPartner, manifestChain, newUser, reader, relayerNonces, solveBody } from "@sluice/testkit";

const chain = "base" as const;
const relayers = manifestChain(chain).relayers;
const redis = new Redis(inject("stack").redisUrl);
const client = reader(chain);
const originals = await Promise.all(relayers.map((address) => client.getBalance({ address })));

async function setBalance(address: Address, wei: bigint) {
  await client.request({ method: "anvil_setBalance" as never, params: [address, `0x${wei.toString(16)}`] as never });
}
/** Forgets the last balance check, so the next /health checks the chain again (as the cron does every minute). */
async function health() {
  await redis.del(redisKeys.relayerBalances(chains[chain].id));
  const response = await call("/health");
  expect(response.status).toBe(200);
  return response.body as { ok: true; relayers: Record<string, { relayers: number; funded: number; checkedAt: string | null }> | null };
}
async function gaslessSolve(partnerKey: string) {
  const user = await newUser(chain, "USDC", "40");
  return call("/api/v1/solve", { key: partnerKey, body: await solveBody({ chain, user, symbol: "USDC", amount: "40", to: "WETH" }) });
}

afterAll(async () => {
  await Promise.all(relayers.map((r, i) => setBalance(r, originals[i]!)));
  await redis.del(redisKeys.relayerBalances(chains[chain].id));
  redis.disconnect();
});

describe("relayer balances", () => {
  it("has more than one relayer on the chain to rotate through", () => {
    expect(relayers.length).toBeGreaterThan(1);
  });

  it("a relayer below the minimum leaves rotation; /health says how many are funded", async () => {
    const [low, ...funded] = relayers;
    await setBalance(low!, 1_000n);
    const report = await health();
    expect(report.relayers?.[chain]).toMatchObject({ relayers: relayers.length, funded: relayers.length - 1 });
    expect(JSON.stringify(report)).not.toMatch(/0x[0-9a-fA-F]{40}|http/); // no addresses, no URLs

    const partner = await createPartner();
    for (let i = 0; i < relayers.length + 1; i++) {
      const solved = await gaslessSolve(partner.key);
      expect(solved.status, JSON.stringify(solved.body)).toBe(200);
      const receipt = await client.waitForTransactionReceipt({ hash: solved.body.transaction.txHash });
      expect(funded.some((r) => isAddressEqual(r, receipt.from))).toBe(true);
    }
  });

  it("with no relayer able to pay, a gasless solve is a 503 and nothing is sent", async () => {
    await Promise.all(relayers.map((r) => setBalance(r, 1_000n)));
    expect((await health()).relayers?.[chain]).toMatchObject({ funded: 0 });
    const before = await relayerNonces(chain);
    const partner = await createPartner();
    const refused = await gaslessSolve(partner.key);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ ok: false, code: "DEPENDENCY_DOWN" });
    expect(refused.body.error).toMatch(/No relayer on this chain can pay for gas/);
    expect(await relayerNonces(chain)).toEqual(before);
  });

  it("a relayer the node finds short of funds before any check is taken out at once, with a 503", async () => {
    await Promise.all(relayers.map((r, i) => setBalance(r, originals[i]!)));
    await health();
    // Drained after the check: the record still says funded, the node refuses the send.
    await Promise.all(relayers.map((r) => setBalance(r, 1_000n)));
    const partner = await createPartner();
    const refused = await gaslessSolve(partner.key);
    expect(refused.status, JSON.stringify(refused.body)).toBe(503);
    expect(refused.body.code).toBe("DEPENDENCY_DOWN");
    const stored = await redis.hgetall(redisKeys.relayerBalances(chains[chain].id));
    expect(Object.values(stored).map((v) => JSON.parse(v) as { low: boolean }).filter((r) => r.low)).toHaveLength(1);
  });

  it("topped up, every relayer is back in rotation and solves go through", async () => {
    await Promise.all(relayers.map((r, i) => setBalance(r, originals[i]!)));
    expect((await health()).relayers?.[chain]).toMatchObject({ relayers: relayers.length, funded: relayers.length });
    const solved = await gaslessSolve((await createPartner()).key);
    expect(solved.status, JSON.stringify(solved.body)).toBe(200);
  });
});
