import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import pg from "pg";
import {
  balanceOf, call, createPartner, issueKey, nativeBalances, newUser, relayerNonces, solveBody,
} from "@sluice/testkit";

const chain = "base" as const;

async function rowsFor(accountId: string): Promise<{ events: number; encoded: number; ledger: number }> {
  const client = new pg.Client({ connectionString: inject("stack").databaseUrl });
  await client.connect();
  try {
    const count = async (table: string) =>
      Number((await client.query(`select count(*)::int as n from ${table} where account_id = $1`, [accountId])).rows[0].n);
    return { events: await count("usage_events"), encoded: await count("encoded_swaps"), ledger: await count("rebate_ledger") };
  } finally {
    await client.end();
  }
}

/** One account with a production key and a sandbox key. */
async function partnerWithBothKeys() {
  const production = await createPartner();
  const sandbox = await issueKey(production.slug, { environment: "sandbox" });
  return { accountId: production.accountId, productionKey: production.key, sandboxKey: sandbox.key };
}

describe("the sandbox", () => {
  it("quotes exactly what production quotes for the same input, and records nothing", async () => {
    const partner = await partnerWithBothKeys();
    const body = { from: "WETH", to: "USDC", amount: "3", chain };
    const [sandbox, production] = await Promise.all([
      call("/api/v1/route", { key: partner.sandboxKey, target: "sandbox", body }),
      call("/api/v1/route", { key: partner.productionKey, body }),
    ]);
    expect(sandbox.status, JSON.stringify(sandbox.body)).toBe(200);
    expect(production.status).toBe(200);
    const { computeMs: _a, ...sandboxAnswer } = sandbox.body;
    const { computeMs: _b, ...productionAnswer } = production.body;
    // The permit carries a fresh random nonce and deadline each time; everything else is the same quote.
    delete sandboxAnswer.permit;
    delete productionAnswer.permit;
    expect(sandboxAnswer).toEqual(productionAnswer);
    // The production route's event is recorded after its answer; the sandbox's never is.
    await expect.poll(async () => (await rowsFor(partner.accountId)).events, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await rowsFor(partner.accountId)).events).toBe(1);
  });

  it("forces a solve to a dry run whatever dryRun says: nothing sent, nothing recorded, the same calldata as a production dry run", async () => {
    const partner = await partnerWithBothKeys();
    const user = await newUser(chain, "USDC", "250");
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "250", to: "WETH", dryRun: false });
    const noncesBefore = await relayerNonces(chain);
    const [nativeBefore] = await nativeBalances(chain, [user.address]);
    const usdcBefore = await balanceOf(chain, "USDC", user.address);

    const sandbox = await call("/api/v1/solve", { key: partner.sandboxKey, target: "sandbox", body });
    expect(sandbox.status, JSON.stringify(sandbox.body)).toBe(200);
    expect(sandbox.body.ok).toBe(true);
    expect(sandbox.body.transaction.txHash).toBeUndefined();
    expect(sandbox.body.transaction.data).toMatch(/^0x[0-9a-f]+$/);

    expect(await relayerNonces(chain)).toEqual(noncesBefore);
    expect((await nativeBalances(chain, [user.address]))[0]).toBe(nativeBefore);
    expect(await balanceOf(chain, "USDC", user.address)).toBe(usdcBefore);
    expect(await rowsFor(partner.accountId)).toEqual({ events: 0, encoded: 0, ledger: 0 });

    const production = await call("/api/v1/solve", { key: partner.productionKey, body: { ...body, dryRun: true } });
    expect(production.status, JSON.stringify(production.body)).toBe(200);
    expect(production.body.transaction.txHash).toBeUndefined();
    expect(production.body.transaction.data).toBe(sandbox.body.transaction.data);
    expect(production.body.transaction.to).toBe(sandbox.body.transaction.to);
    expect(await relayerNonces(chain)).toEqual(noncesBefore);
  });

  it("answers reporting with the sandbox key's account and empty usage and rebates", async () => {
    const partner = await partnerWithBothKeys();
    await call("/api/v1/route", { key: partner.productionKey, body: { from: "WETH", to: "USDC", amount: "1", chain } });
    const account = await call("/api/v1/account", { key: partner.sandboxKey, target: "sandbox" });
    expect(account.body).toMatchObject({ ok: true, account: { id: partner.accountId } });
    const usage = await call("/api/v1/usage?period=2026-11&event_type=route", { key: partner.sandboxKey, target: "sandbox" });
    expect(usage.body).toEqual({
      ok: true, events: [], total_volume_usd: 0, totals_by_type: { quoted: 0, encoded: 0, pending: 0, executed: 0, failed: 0 }, next_cursor: null,
    });
    const rebates = await call("/api/v1/rebates", { key: partner.sandboxKey, target: "sandbox" });
    expect(rebates.body).toEqual({ ok: true, rebates: [] });
    const bad = await call("/api/v1/usage?limit=5000", { key: partner.sandboxKey, target: "sandbox" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("limit");
  });

  it("serves nothing it should not: confirm, bridge and unknown paths are JSON 404s", async () => {
    const partner = await partnerWithBothKeys();
    for (const path of ["/api/v1/confirm", "/api/v1/bridge/quote", "/nothing"]) {
      const response = await call(path, { key: partner.sandboxKey, target: "sandbox", body: {} });
      expect(response.status).toBe(404);
      expect(response.body.ok).toBe(false);
    }
  });
});
