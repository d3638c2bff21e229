import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import {
  ARBITRUM, bridgeBalanceOf, BASE, bridgeToken, call, createPartner, newWallet, quoteBody, sendApprovals, sendQuoteTransactions, waitForStatus,
} from "@sluice/testkit";

describe("POST /api/v1/bridge/quote → deposit → track → status, end to end on the devnet", () => {
  it("bridges USDC from Base to Arbitrum: recipient paid on the destination, 10 bps app fee to Sluice", async () => {
    const partner = await createPartner();
    const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 100_000_000n });
    const recipient = (await newWallet()).address;
    const feeRecipient = inject("stack").manifest.accounts.bridgeFeeRecipient;
    const usdcArb = bridgeToken(ARBITRUM, "USDC");
    const feeBefore = await bridgeBalanceOf(ARBITRUM, usdcArb, feeRecipient);

    const quoted = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address, { recipient }) });
    expect(quoted.status).toBe(200);
    const quote = quoted.body.quote;
    expect(quote).toMatchObject({
      inputToken: { symbol: "USDC", decimals: 6 }, outputToken: { symbol: "USDC", decimals: 6 }, inputAmount: "25000000",
      recipient, refundAddress: user.address, refundOnOrigin: true,
      swapTx: { chainId: BASE, simulationSuccess: true, value: "0" },
      checks: { allowance: { balance: "0", token: bridgeToken(BASE, "USDC") }, balance: { balance: "100000000" } },
      fees: { app: { bps: 10, recipient: feeRecipient } },
    });
    expect(quote.approvalTxns).toHaveLength(1);
    expect(quote.quoteExpiryTimestamp).toBeGreaterThan(Date.now() / 1000);
    expect(BigInt(quote.fees.app.amount)).toBeGreaterThan(0n);
    expect(BigInt(quote.fees.relayer.amount) + BigInt(quote.fees.lp.amount)).toBeGreaterThan(0n);

    const depositTx = await sendQuoteTransactions(user, quote);
    expect(await bridgeBalanceOf(BASE, bridgeToken(BASE, "USDC"), user.address)).toBe(75_000_000n);

    const tracked = await call("/api/v1/bridge/track", {
      key: partner.key,
      body: {
        originChainId: BASE, destinationChainId: ARBITRUM, depositor: user.address, recipient,
        inputToken: bridgeToken(BASE, "USDC"), outputToken: usdcArb, amountInRaw: quote.inputAmount,
        expectedOutRaw: quote.expectedOutputAmount, quoteId: quote.id, originTxHash: depositTx,
      },
    });
    expect(tracked.status).toBe(200);
    expect(tracked.body.settlementId).toMatch(/^brg_/);

    const deposit = await waitForStatus(partner.key, depositTx, "filled");
    expect(deposit).toMatchObject({ status: "filled", depositTxHash: depositTx, destinationChainId: ARBITRUM, refundTx: null });
    expect(deposit.fillTx).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await bridgeBalanceOf(ARBITRUM, usdcArb, recipient)).toBe(BigInt(quote.expectedOutputAmount));
    expect(await bridgeBalanceOf(ARBITRUM, usdcArb, feeRecipient) - feeBefore).toBe(BigInt(quote.fees.app.amount));

    const byId = await call(`/api/v1/bridge/status?originChainId=${BASE}&depositId=${deposit.depositId}`, { key: partner.key });
    expect(byId.body.deposit).toEqual(deposit);
  });

  it("approves exactly what each deposit needs; an already-approved depositor gets no approvals; symbols or addresses alike", async () => {
    const partner = await createPartner();
    const user = await newWallet({ chainId: BASE, symbol: "WETH", amount: 10n ** 18n });
    const first = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address, { inputToken: "WETH", outputToken: bridgeToken(ARBITRUM, "WETH"), amount: "100000000000000000" }) });
    expect(first.status).toBe(200);
    await sendQuoteTransactions(user, first.body.quote);
    const second = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address, { inputToken: bridgeToken(BASE, "WETH"), outputToken: "weth", amount: "100000000000000000" }) });
    expect(second.status).toBe(200);
    // The first deposit used up the exact approval: the second asks again, for exactly its input.
    expect(second.body.quote.approvalTxns).toHaveLength(1);
    expect(second.body.quote.approvalTxns[0].data.slice(-64)).toBe(BigInt(second.body.quote.inputAmount).toString(16).padStart(64, "0"));
    await sendApprovals(user, second.body.quote);
    const third = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address, { inputToken: "WETH", outputToken: "WETH", amount: "100000000000000000" }) });
    expect(third.status).toBe(200);
    expect(third.body.quote.approvalTxns).toEqual([]);
    expect(third.body.quote.checks.allowance.balance).toBe(third.body.quote.inputAmount);
  });

  it("bridges an exact output: the recipient receives exactly the amount, Sluice its fee on that amount, the dust returns to the depositor", async () => {
    const partner = await createPartner();
    const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 100_000_000n });
    const recipient = (await newWallet()).address;
    const feeRecipient = inject("stack").manifest.accounts.bridgeFeeRecipient;
    const usdcArb = bridgeToken(ARBITRUM, "USDC");
    const [feeBefore, dustBefore] = [await bridgeBalanceOf(ARBITRUM, usdcArb, feeRecipient), await bridgeBalanceOf(ARBITRUM, usdcArb, user.address)];

    const quoted = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address, { recipient, tradeType: "exactOutput", amount: "20000000" }) });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const quote = quoted.body.quote;
    expect(quote.fees.app.amount).toBe("20000"); // 10 bps of the requested amount
    const depositTx = await sendQuoteTransactions(user, quote);
    await call("/api/v1/bridge/track", {
      key: partner.key,
      body: {
        originChainId: BASE, destinationChainId: ARBITRUM, depositor: user.address, recipient, inputToken: bridgeToken(BASE, "USDC"),
        outputToken: usdcArb, amountInRaw: quote.inputAmount, expectedOutRaw: quote.expectedOutputAmount, quoteId: quote.id, originTxHash: depositTx,
      },
    });
    await waitForStatus(partner.key, depositTx, "filled");
    expect(await bridgeBalanceOf(ARBITRUM, usdcArb, recipient)).toBe(20_000_000n);
    expect(await bridgeBalanceOf(ARBITRUM, usdcArb, feeRecipient) - feeBefore).toBe(20_000n);
    // What the deposit delivered beyond amount + fee (input rounding, a few base units) goes back to the depositor.
    const dust = await bridgeBalanceOf(ARBITRUM, usdcArb, user.address) - dustBefore;
    expect(dust >= 0n && dust < 1_000n, `dust ${dust}`).toBe(true);
  });
});
