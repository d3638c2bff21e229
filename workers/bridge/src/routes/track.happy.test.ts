import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createDb } from "@sluice/core";
import { createAcrossClient, reconcileBridgeSettlements } from "@sluice/core/bridge/index";
import { call } from "../../../../test/support/http.js";
import { createPartner } from "../../../../test/support/partners.js";
import { ARBITRUM, BASE, newWallet, quoteBody, sendQuoteTransactions, token, waitForStatus } from "../testing/bridgeTestKit.js";

const trackBody = (overrides: Record<string, unknown> = {}) => ({
  originChainId: BASE, destinationChainId: ARBITRUM,
  depositor: "0x1111111111111111111111111111111111111111", recipient: "0x2222222222222222222222222222222222222222",
  inputToken: token(BASE, "USDC"), outputToken: token(ARBITRUM, "USDC"),
  amountInRaw: "1000000", expectedOutRaw: "998000", quoteId: "q-1",
  originTxHash: `0x${crypto.getRandomValues(new Uint8Array(32)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "")}`,
  ...overrides,
});

describe("POST /api/v1/bridge/track", () => {
  it("is idempotent by origin transaction and refuses another account's deposit", async () => {
    const [a, b] = await Promise.all([createPartner(), createPartner()]);
    const body = trackBody();
    const first = await call("/api/v1/bridge/track", { key: a.key, body });
    const again = await call("/api/v1/bridge/track", { key: a.key, body: { ...body, originTxHash: body.originTxHash.toUpperCase().replace("0X", "0x") } });
    expect(first).toMatchObject({ status: 200, body: { ok: true, settlementId: expect.stringMatching(/^brg_/) } });
    expect(again.body.settlementId).toBe(first.body.settlementId);
    expect(await call("/api/v1/bridge/track", { key: b.key, body })).toMatchObject({ status: 409, body: { ok: false, code: "CONFLICT" } });
  });

  it("refuses bad input without writing anything", async () => {
    const partner = await createPartner();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ originTxHash: "0x1234" }, 400, "MALFORMED_REQUEST"],
      [{ amountInRaw: "12.5" }, 400, "MALFORMED_REQUEST"],
      [{ depositor: "0xnope" }, 400, "MALFORMED_REQUEST"],
      [{ destinationChainId: BASE }, 400, "MALFORMED_REQUEST"],
      [{ originChainId: 10 }, 400, "UNSUPPORTED_CHAIN"],
      [{ inputToken: "0x000000000000000000000000000000000000dEaD" }, 422, "UNSUPPORTED_TOKEN"],
    ];
    for (const [overrides, status, code] of cases) {
      expect(await call("/api/v1/bridge/track", { key: partner.key, body: trackBody(overrides) })).toMatchObject({ status, body: { ok: false, code } });
    }
    const { db, close } = createDb({ url: inject("stack").databaseUrl });
    try {
      expect(await db.query.bridgeSettlements.findMany({ where: (t, { eq }) => eq(t.accountId, partner.accountId) })).toEqual([]);
    } finally {
      await close();
    }
  });

  it("the cron's reconciliation records the fill, the deposit id and the USD volume", async () => {
    const partner = await createPartner();
    const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 40_000_000n });
    const quote = (await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address, { amount: "12500000" }) })).body.quote;
    const depositTx = await sendQuoteTransactions(user, quote);
    const { settlementId } = (await call("/api/v1/bridge/track", {
      key: partner.key,
      body: trackBody({ depositor: user.address, recipient: user.address, amountInRaw: quote.inputAmount, expectedOutRaw: quote.expectedOutputAmount, quoteId: quote.id, originTxHash: depositTx }),
    })).body;
    const filled = await waitForStatus(partner.key, depositTx, "filled");

    const stack = inject("stack");
    const { db, close } = createDb({ url: stack.databaseUrl });
    try {
      const across = createAcrossClient({ baseUrl: stack.acrossApiUrl, apiKey: stack.acrossApiKey, integratorId: "0x5c1e", feeRecipient: stack.manifest.accounts.bridgeFeeRecipient, timeoutMs: 5_000 });
      const result = await reconcileBridgeSettlements({ db, across });
      expect(result.updated).toBeGreaterThanOrEqual(1);
      const row = await db.query.bridgeSettlements.findFirst({ where: (t, { eq }) => eq(t.id, settlementId) });
      expect(row).toMatchObject({ status: "filled", fillTxHash: filled.fillTx, depositId: filled.depositId, accountId: partner.accountId });
      expect(Number(row!.volumeUsd)).toBe(12.5);
    } finally {
      await close();
    }
  });
});
