import { describe, expect, it } from "vitest";
import {
  ARBITRUM, bridgeBalanceOf, BASE, call, createPartner, hold, newWallet, quoteBody, sendQuoteTransactions, bridgeToken,
  waitForStatus,
} from "@sluice/testkit";

describe("GET /api/v1/bridge/status: an unfilled deposit", () => {
  it("goes pending → expired → refunded to the depositor on the origin chain", async () => {
    const partner = await createPartner();
    const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 50_000_000n });
    await hold(user.address); // devnet-only: the relayer leaves this user's deposits unfilled (20 s fill window)
    const quoted = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address, { amount: "30000000" }) });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const depositTx = await sendQuoteTransactions(user, quoted.body.quote);
    expect(await bridgeBalanceOf(BASE, bridgeToken(BASE, "USDC"), user.address)).toBe(20_000_000n);

    const pending = await waitForStatus(partner.key, depositTx, "pending", 10_000);
    expect(pending).toMatchObject({ fillTx: null, refundTx: null, destinationChainId: ARBITRUM });
    const expired = await waitForStatus(partner.key, depositTx, "expired", 60_000, { mineOn: ARBITRUM });
    expect(expired.fillTx).toBeNull();
    const refunded = await waitForStatus(partner.key, depositTx, "refunded", 30_000, { mineOn: ARBITRUM });
    expect(refunded.refundTx).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await bridgeBalanceOf(BASE, bridgeToken(BASE, "USDC"), user.address)).toBe(50_000_000n);
    expect(await bridgeBalanceOf(ARBITRUM, bridgeToken(ARBITRUM, "USDC"), user.address)).toBe(0n);
  }, 120_000);
});

describe("GET /api/v1/bridge/status by deposit id", () => {
  it("a deposit id with leading zeros answers as the id itself", async () => {
    const partner = await createPartner();
    const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 50_000_000n });
    const quoted = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address) });
    expect(quoted.status).toBe(200);
    const depositTx = await sendQuoteTransactions(user, quoted.body.quote);
    const filled = await waitForStatus(partner.key, depositTx, "filled", 60_000);
    const byId = await call(`/api/v1/bridge/status?originChainId=${BASE}&depositId=${filled.depositId}`, { key: partner.key });
    expect(byId).toMatchObject({ status: 200, body: { ok: true, deposit: filled } });
    const padded = await call(`/api/v1/bridge/status?originChainId=${BASE}&depositId=00${filled.depositId}`, { key: partner.key });
    expect(padded).toMatchObject({ status: 200, body: { ok: true, deposit: filled } });
  }, 120_000);
});

describe("GET /api/v1/bridge/status errors", () => {
  it("needs depositTxnRef, or originChainId and depositId", async () => {
    const { key } = await createPartner();
    expect(await call("/api/v1/bridge/status", { key })).toMatchObject({ status: 400, body: { code: "MALFORMED_REQUEST", error: expect.stringContaining("depositTxnRef") } });
    expect(await call("/api/v1/bridge/status?depositTxnRef=0x1234", { key })).toMatchObject({ status: 400, body: { code: "MALFORMED_REQUEST", error: expect.stringContaining("depositTxnRef") } });
    expect(await call("/api/v1/bridge/status?originChainId=8453", { key })).toMatchObject({ status: 400, body: { code: "MALFORMED_REQUEST" } });
    expect(await call("/api/v1/bridge/status?originChainId=10&depositId=1", { key })).toMatchObject({ status: 400, body: { code: "UNSUPPORTED_CHAIN" } });
  });

  it("an unknown deposit → 404 NOT_FOUND", async () => {
    const { key } = await createPartner();
    expect(await call(`/api/v1/bridge/status?depositTxnRef=0x${"ab".repeat(32)}`, { key })).toMatchObject({ status: 404, body: { ok: false, code: "NOT_FOUND" } });
    expect(await call("/api/v1/bridge/status?originChainId=1&depositId=999999", { key })).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
  });
});
