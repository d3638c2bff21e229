import { describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { inject } from "vitest";
import { chainById, createAcrossClient, createChainClient, createDb, MULTICALL3_ADDRESS, reconcileBridgeSettlements, redisKeys } from "@sluice/core";
import {
  ARBITRUM, BASE, call, createPartner, newWallet, publicClient, quoteBody, sendQuoteTransactions, bridgeToken,
  waitForStatus,
} from "@sluice/testkit";
import { createWalletClient, encodeFunctionData, erc20Abi, http, multicall3Abi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

const trackBody = (overrides: Record<string, unknown> = {}) => ({
  originChainId: BASE, destinationChainId: ARBITRUM,
  depositor: "0x1111111111111111111111111111111111111111", recipient: "0x2222222222222222222222222222222222222222",
  inputToken: bridgeToken(BASE, "USDC"), outputToken: bridgeToken(ARBITRUM, "USDC"),
  amountInRaw: "1000000", expectedOutRaw: "998000", quoteId: "q-1",
  originTxHash: `0x${crypto.getRandomValues(new Uint8Array(32)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "")}`,
  ...overrides,
});

/** A real deposit: a bridge quote from Sluice, its transactions sent by a fresh depositor. */
async function deposit(key: string, amount: string) {
  const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 40_000_000n });
  const quoted = await call("/api/v1/bridge/quote", { key, body: quoteBody(user.address, { amount }) });
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
  return { user, quote: quoted.body.quote, depositTx: await sendQuoteTransactions(user, quoted.body.quote) };
}

/**
 * One transaction through Multicall3 holding several SpokePool deposits by `user`, as a smart wallet's batch would:
 * `user` funds Multicall3 with `total` USDC, which approves the SpokePool and makes each call in order.
 */
async function depositBatch(user: { key: Hex }, deposits: { to: Hex; data: Hex }[], total: bigint): Promise<Hex> {
  const wallet = createWalletClient({ account: privateKeyToAccount(user.key), chain: publicClient(BASE).chain, transport: http() });
  const usdc = bridgeToken(BASE, "USDC");
  const funded = await wallet.writeContract({ address: usdc, abi: erc20Abi, functionName: "transfer", args: [MULTICALL3_ADDRESS, total] });
  await publicClient(BASE).waitForTransactionReceipt({ hash: funded });
  const batch = await wallet.writeContract({
    address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: "aggregate3", args: [[
      { target: usdc, allowFailure: false, callData: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [deposits[0]!.to, total] }) },
      ...deposits.map((d) => ({ target: d.to, allowFailure: false, callData: d.data })),
    ]], gas: 1_000_000n * BigInt(deposits.length + 1),
  });
  expect((await publicClient(BASE).waitForTransactionReceipt({ hash: batch })).status).toBe("success");
  return batch;
}

async function settlement(id: string) {
  const { db, close } = createDb({ url: inject("stack").databaseUrl });
  try {
    return await db.query.bridgeSettlements.findFirst({ where: (t, { eq }) => eq(t.id, id) });
  } finally {
    await close();
  }
}

describe("POST /api/v1/bridge/track", () => {
  it("is idempotent by origin transaction; records the chain's amounts, never the caller's; another account gets the unknown-deposit 404", async () => {
    const [a, b] = await Promise.all([createPartner(), createPartner()]);
    const { user, quote, depositTx } = await deposit(a.key, "7000000");
    // Inflated amounts in the request: the settlement holds what the chain shows.
    const body = trackBody({ depositor: user.address, recipient: user.address, amountInRaw: "999000000", expectedOutRaw: "999000000", originTxHash: depositTx });
    const first = await call("/api/v1/bridge/track", { key: a.key, body });
    const again = await call("/api/v1/bridge/track", { key: a.key, body: { ...body, originTxHash: depositTx.toUpperCase().replace("0X", "0x") } });
    expect(first, JSON.stringify(first.body)).toMatchObject({ status: 200, body: { ok: true, settlementId: expect.stringMatching(/^brg_/) } });
    expect(again.body.settlementId).toBe(first.body.settlementId);
    const row = await settlement(first.body.settlementId);
    expect(row).toMatchObject({ amountInRaw: quote.inputAmount, accountId: a.accountId, depositId: expect.stringMatching(/^\d+$/) });
    expect(BigInt(row!.expectedOutRaw)).toBeGreaterThanOrEqual(BigInt(quote.expectedOutputAmount));

    // Another account: the same answer as a transaction that holds no deposit at all.
    const stolen = await call("/api/v1/bridge/track", { key: b.key, body });
    const unknown = await call("/api/v1/bridge/track", { key: b.key, body: { ...body, originTxHash: trackBody().originTxHash } });
    expect(stolen).toMatchObject({ status: 404, body: { ok: false, code: "NOT_FOUND" } });
    expect(stolen.body.error).toBe(unknown.body.error.replace(unknown.body.error.match(/0x[0-9a-f]{64}/)![0], depositTx.toLowerCase()));
    // Nor can it read the status of the deposit another account tracks.
    expect(await call(`/api/v1/bridge/status?depositTxnRef=${depositTx}`, { key: b.key })).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    expect((await call(`/api/v1/bridge/status?depositTxnRef=${depositTx}`, { key: a.key })).status).toBe(200);
  });

  it("a deposit from another account's quote cannot be claimed: the quoting account tracks it even after another tried first", async () => {
    const [quoting, claimer] = await Promise.all([createPartner(), createPartner()]);
    const { user, depositTx } = await deposit(quoting.key, "4000000");
    const body = trackBody({ depositor: user.address, recipient: user.address, originTxHash: depositTx });
    // The claimer gets the unknown-deposit answer, naming the account's own quotes; nothing is recorded for it.
    const claimed = await call("/api/v1/bridge/track", { key: claimer.key, body });
    expect(claimed, JSON.stringify(claimed.body)).toMatchObject({ status: 404, body: { ok: false, code: "NOT_FOUND", error: expect.stringMatching(/quote this account requested/) } });
    const unknown = await call("/api/v1/bridge/track", { key: claimer.key, body: { ...body, originTxHash: trackBody().originTxHash } });
    expect(claimed.body.error).toBe(unknown.body.error.replace(unknown.body.error.match(/0x[0-9a-f]{64}/)![0], depositTx.toLowerCase()));
    // The account whose quote produced the deposit tracks it.
    const tracked = await call("/api/v1/bridge/track", { key: quoting.key, body });
    expect(tracked, JSON.stringify(tracked.body)).toMatchObject({ status: 200, body: { ok: true, settlementId: expect.stringMatching(/^brg_/) } });
    expect(await settlement(tracked.body.settlementId)).toMatchObject({ accountId: quoting.accountId });
  });

  it("in a wallet's batch of two deposits by the depositor, the one this account's quote produced is tracked", async () => {
    const partner = await createPartner();
    const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 40_000_000n });
    const quoted = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address, { amount: "5000000" }) });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const ours = quoted.body.quote.swapTx as { to: Hex; data: Hex };
    // Another Across deposit by the same depositor, straight from the protocol's API (no Sluice quote behind it).
    const { acrossApiUrl, acrossApiKey } = inject("stack");
    const query = new URLSearchParams({
      amount: "6000000", inputToken: bridgeToken(BASE, "USDC"), outputToken: bridgeToken(ARBITRUM, "USDC"), originChainId: String(BASE),
      destinationChainId: String(ARBITRUM), depositor: user.address, recipient: user.address, tradeType: "exactInput",
      appFee: "0.001", appFeeRecipient: "0x2222222222222222222222222222222222222222",
    });
    const direct = await fetch(`${acrossApiUrl}/swap/approval?${query}`, { headers: { authorization: `Bearer ${acrossApiKey}` } });
    const answer = (await direct.json()) as { swapTx: { to: Hex; data: Hex } };
    expect(direct.status, JSON.stringify(answer)).toBe(200);
    const theirs = answer.swapTx;
    expect(theirs.to.toLowerCase()).toBe(ours.to.toLowerCase());

    // A batch sent through Multicall3, as a smart wallet's would be: it pays both deposits, the other one first.
    const batch = await depositBatch(user, [theirs, ours], 11_000_000n);

    // Status by the transaction alone, before anyone tracks it: which deposit is meant is not for the protocol's
    // answer to pick (it names the batch's first deposit, the other one); the request is refused naming both ids.
    const ambiguous = await call(`/api/v1/bridge/status?depositTxnRef=${batch}`, { key: partner.key });
    expect(ambiguous, JSON.stringify(ambiguous.body)).toMatchObject({ status: 400, body: { ok: false, code: "MALFORMED_REQUEST", error: expect.stringMatching(/^depositTxnRef: .* holds 2 Across deposits \(ids \d+, \d+\); ask by originChainId and depositId$/) } });

    const tracked = await call("/api/v1/bridge/track", { key: partner.key, body: trackBody({ depositor: user.address, recipient: user.address, originTxHash: batch }) });
    expect(tracked, JSON.stringify(tracked.body)).toMatchObject({ status: 200, body: { ok: true } });
    const row = await settlement(tracked.body.settlementId);
    expect(row).toMatchObject({ amountInRaw: quoted.body.quote.inputAmount, accountId: partner.accountId });
    // Tracked, the transaction answers for the deposit this account tracks (the batch's second), not the protocol's pick.
    const status = await call(`/api/v1/bridge/status?depositTxnRef=${batch}`, { key: partner.key });
    expect(status, JSON.stringify(status.body)).toMatchObject({ status: 200, body: { ok: true, deposit: { depositId: row!.depositId, depositTxHash: batch.toLowerCase() } } });
    const [first, second] = ambiguous.body.error.match(/ids (\d+), (\d+)/)!.slice(1);
    expect([first, second]).toContain(row!.depositId);
    // Asked by id, either deposit of the batch is answered as itself.
    const other = first === row!.depositId ? second : first;
    const byId = await call(`/api/v1/bridge/status?originChainId=${BASE}&depositId=${other}`, { key: partner.key });
    expect(byId, JSON.stringify(byId.body)).toMatchObject({ status: 200, body: { ok: true, deposit: { depositId: other } } });
  });

  it("a batch holding three deposits from Sluice quotes is three settlements: each quoting account tracks its own, by its amount", async () => {
    const [a, b] = await Promise.all([createPartner(), createPartner()]);
    const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 40_000_000n });
    const quote = async (key: string, amount: string) => {
      const quoted = await call("/api/v1/bridge/quote", { key, body: quoteBody(user.address, { amount }) });
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
      return quoted.body.quote as { inputAmount: string; swapTx: { to: Hex; data: Hex } };
    };
    // Two of a's quotes and one of b's (two partners' users in one ERC-4337 bundle, or one user's batch).
    const quotes = [await quote(a.key, "5000000"), await quote(b.key, "6000000"), await quote(a.key, "7000000")];
    const [a1, b1, a2] = quotes;
    const batch = await depositBatch(user, quotes.map((q) => q.swapTx), 18_000_000n);

    const track = (key: string, amountInRaw: string) => call("/api/v1/bridge/track", {
      key, body: trackBody({ depositor: user.address, recipient: user.address, originTxHash: batch, amountInRaw }),
    });
    const tracked = [await track(a.key, a1!.inputAmount), await track(b.key, b1!.inputAmount), await track(a.key, a2!.inputAmount)];
    for (const t of tracked) expect(t, JSON.stringify(t.body)).toMatchObject({ status: 200, body: { ok: true } });
    const ids = tracked.map((t) => t.body.settlementId as string);
    expect(new Set(ids).size).toBe(3);
    const rows = await Promise.all(ids.map(settlement));
    expect(rows.map((r) => [r!.accountId, r!.amountInRaw])).toEqual([
      [a.accountId, a1!.inputAmount], [b.accountId, b1!.inputAmount], [a.accountId, a2!.inputAmount],
    ]);
    expect(new Set(rows.map((r) => r!.depositId)).size).toBe(3);
    // Tracking again answers the same settlement. b naming a's amount cannot take a's deposit: the amount only
    // picks among b's own (untrusted, it falls back to the deposit b's quote produced).
    expect((await track(a.key, a2!.inputAmount)).body.settlementId).toBe(ids[2]);
    expect((await track(b.key, a1!.inputAmount)).body.settlementId).toBe(ids[1]);
    // Once the quotes' binding has lapsed (a day), tracking again still answers each deposit's own settlement.
    const redis = new Redis(inject("stack").redisUrl);
    try {
      for (const key of await redis.keys(redisKeys.bridgeQuoteIssued("*", a.accountId))) await redis.del(key);
    } finally {
      redis.disconnect();
    }
    expect((await track(a.key, a2!.inputAmount)).body.settlementId).toBe(ids[2]);
    expect((await track(a.key, a1!.inputAmount)).body.settlementId).toBe(ids[0]);

    // By the transaction: b tracks one deposit in it, answered; a tracks two, so the transaction alone is ambiguous.
    const forB = await call(`/api/v1/bridge/status?depositTxnRef=${batch}`, { key: b.key });
    expect(forB, JSON.stringify(forB.body)).toMatchObject({ status: 200, body: { deposit: { depositId: rows[1]!.depositId } } });
    const forA = await call(`/api/v1/bridge/status?depositTxnRef=${batch}`, { key: a.key });
    expect(forA, JSON.stringify(forA.body)).toMatchObject({ status: 400, body: { code: "MALFORMED_REQUEST", error: expect.stringMatching(/^depositTxnRef: .* holds 2 deposits this account tracks \(ids \d+, \d+\); ask by originChainId and depositId$/) } });
    // By id, each account reads its own deposits (another account tracking another deposit of the transaction does
    // not hide them), and not the other's.
    for (const [key, row] of [[a.key, rows[0]], [a.key, rows[2]], [b.key, rows[1]]] as const) {
      // Asked by id, the protocol's answer is needed first, and its indexer may not have the deposit yet.
      let byId: Awaited<ReturnType<typeof call>> | undefined;
      await expect.poll(async () => (byId = await call(`/api/v1/bridge/status?originChainId=${BASE}&depositId=${row!.depositId}`, { key })).status, { timeout: 30_000 })
        .toBe(200);
      expect(byId!.body).toMatchObject({ deposit: { depositId: row!.depositId } });
    }
    // b's deposit is indexed by now (b just read it): a is answered as for an unknown deposit.
    expect(await call(`/api/v1/bridge/status?originChainId=${BASE}&depositId=${rows[1]!.depositId}`, { key: a.key }))
      .toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
  });

  it("two of one account's deposits of the same amount in one batch: the same request twice tracks both", async () => {
    const partner = await createPartner();
    const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 40_000_000n });
    const quote = async () => {
      const quoted = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address, { amount: "5000000" }) });
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
      return quoted.body.quote as { swapTx: { to: Hex; data: Hex } };
    };
    const first = await quote();
    // The second quote at a later block time (the quote time is the origin's latest block's), so it is another deposit
    // (another fingerprint): mined until the clock has moved, as two blocks within one second can share a timestamp.
    const firstTime = (await publicClient(BASE).getBlock()).timestamp;
    while ((await publicClient(BASE).getBlock()).timestamp <= firstTime) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await publicClient(BASE).request({ method: "evm_mine" as never, params: [] as never });
    }
    const second = await quote();
    const batch = await depositBatch(user, [first.swapTx, second.swapTx], 10_000_000n);
    const body = trackBody({ depositor: user.address, recipient: user.address, originTxHash: batch, amountInRaw: "5000000" });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const tracked = await call("/api/v1/bridge/track", { key: partner.key, body });
      expect(tracked, JSON.stringify(tracked.body)).toMatchObject({ status: 200, body: { ok: true } });
      ids.push(tracked.body.settlementId);
    }
    expect(new Set(ids).size).toBe(2);
    const rows = await Promise.all(ids.map(settlement));
    expect(new Set(rows.map((r) => r!.depositId)).size).toBe(2);
    // Both tracked, the same request again answers one of them (the batch's first), and records nothing more.
    expect((await call("/api/v1/bridge/track", { key: partner.key, body })).body.settlementId).toBe(ids[0]);
  });

  it("refuses what is not the depositor's deposit through the SpokePool: an unknown hash, a plain transfer, another depositor", async () => {
    const partner = await createPartner();
    const { user, depositTx } = await deposit(partner.key, "3000000");
    const other = await newWallet({ chainId: BASE, symbol: "USDC", amount: 5_000_000n });
    const transfer = await createWalletClient({ account: privateKeyToAccount(other.key), transport: http(publicClient(BASE).transport.url) })
      .writeContract({ address: bridgeToken(BASE, "USDC"), abi: erc20Abi, functionName: "transfer", args: [user.address, 1_000_000n], chain: null });
    expect((await publicClient(BASE).waitForTransactionReceipt({ hash: transfer })).status).toBe("success");
    for (const body of [
      trackBody({ depositor: user.address, recipient: user.address }),
      trackBody({ depositor: other.address, recipient: other.address, originTxHash: transfer }),
      trackBody({ depositor: other.address, recipient: other.address, originTxHash: depositTx }),
    ]) {
      expect(await call("/api/v1/bridge/track", { key: partner.key, body })).toMatchObject({ status: 404, body: { ok: false, code: "NOT_FOUND" } });
    }
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
      const clientFor = (chainId: number) => {
        const chain = chainById(chainId)!;
        return createChainClient({ chain: chain.name, deployment: { rpcUrl: stack.manifest.chains[chain.name].rpcUrl, executor: null, relayers: [] } });
      };
      const result = await reconcileBridgeSettlements({ db, across, clientFor });
      expect(result.updated).toBeGreaterThanOrEqual(1);
      const row = await db.query.bridgeSettlements.findFirst({ where: (t, { eq }) => eq(t.id, settlementId) });
      expect(row).toMatchObject({ status: "filled", fillTxHash: filled.fillTx, depositId: filled.depositId, accountId: partner.accountId });
      expect(Number(row!.volumeUsd)).toBe(12.5);
    } finally {
      await close();
    }
  });
});
