import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chainById, createAcrossClient, createChainClient, createDb, reconcileBridgeSettlements } from "@sluice/core";
import { swapWithPermit } from "@sluice/core/client";
import { verifyWebhook } from "@sluice/sdk";
import {
  admin, ARBITRUM, BASE, bridgeToken, call, connection, createPartner, hasValidSignature, hold, insertEvents, newUser, newWallet, publicClient, query, quoteBody,
  reader, sendQuoteTransactions, startWebhookReceiver, waitForStatus, walletOf, type Partner, type WebhookReceiver,
} from "@sluice/testkit";

let receiver: WebhookReceiver;
beforeAll(async () => { receiver = await startWebhookReceiver(); });
afterAll(() => receiver?.stop());

const ALL = ["swap.executed", "swap.failed", "swap.confirmed", "bridge.filled", "bridge.expired", "bridge.refunded", "rebate.settled"];

/** A partner with one endpoint for every event type, on its own receiver path. */
async function subscribed(events = ALL): Promise<Partner & { secret: string; path: string; endpointId: string }> {
  const partner = await createPartner({ rebateBps: 10 });
  const path = `/p/${partner.slug}`;
  const created = await call("/api/v1/webhooks", { key: partner.key, body: { url: receiver.url(path), events } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { ...partner, secret: created.body.webhook.secret, path, endpointId: created.body.webhook.id };
}

/** Waits for one event of `type` at the partner's path, checks its signature and envelope, answers it. */
async function receive(p: { secret: string; path: string }, type: string, timeoutMs = 30_000) {
  const [got] = (await receiver.waitFor((all) => all.some((r) => r.path === p.path && r.json.type === type), timeoutMs))
    .filter((r) => r.path === p.path && r.json.type === type);
  expect(hasValidSignature(p.secret, got!)).toBe(true);
  expect(await verifyWebhook(p.secret, got!.headers, got!.body)).toEqual(got!.json); // the SDK's receiving side agrees
  expect(got!.json).toMatchObject({ id: expect.stringMatching(/^whe_[0-9a-f]{32}$/), type, created_at: expect.any(String) });
  expect(got!.headers["x-sluice-event-id"]).toBe(got!.json.id);
  return got!.json;
}

function reconcile() {
  const stack = inject("stack");
  const { db, close } = createDb({ url: stack.databaseUrl });
  const across = createAcrossClient({ baseUrl: stack.acrossApiUrl, apiKey: stack.acrossApiKey, integratorId: "0x5c1e", feeRecipient: stack.manifest.accounts.bridgeFeeRecipient, timeoutMs: 5_000 });
  const clientFor = (chainId: number) => {
    const chain = chainById(chainId)!;
    return createChainClient({ chain: chain.name, deployment: { rpcUrl: stack.manifest.chains[chain.name].rpcUrl, executor: null, relayers: [] } });
  };
  return reconcileBridgeSettlements({ db, across, clientFor }).finally(close);
}

async function trackedDeposit(partner: Partner, { held }: { held: boolean }) {
  const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 40_000_000n });
  if (held) await hold(user.address); // devnet only: the relayer leaves this deposit unfilled, so it expires and is refunded
  const quote = (await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address, { amount: "12500000" }) })).body.quote;
  const depositTx = await sendQuoteTransactions(user, quote);
  const tracked = await call("/api/v1/bridge/track", {
    key: partner.key,
    body: {
      originChainId: BASE, destinationChainId: ARBITRUM, depositor: user.address, recipient: user.address,
      inputToken: bridgeToken(BASE, "USDC"), outputToken: bridgeToken(ARBITRUM, "USDC"),
      amountInRaw: quote.inputAmount, expectedOutRaw: quote.expectedOutputAmount, quoteId: quote.id, originTxHash: depositTx,
    },
  });
  expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
  return { depositTx, settlementId: tracked.body.settlementId as string };
}

describe("each event type reaches a subscribed endpoint, signed, with the fields the API answers", () => {
  it("swap.executed: a gasless swap, once its receipt is read; the data is the usage event /usage answers", async () => {
    const partner = await subscribed();
    const user = await newUser("base", "USDC", "30");
    const result = await swapWithPermit(connection(partner.key), {
      from: "USDC", to: "WETH", amount: "30", chain: "base", wallet: walletOf("base", user.account), reader: reader("base"),
    });
    expect(result.solve, JSON.stringify(result.solve)).toMatchObject({ ok: true });
    const event = await receive(partner, "swap.executed");
    const usage = (await call("/api/v1/usage?event_type=solve", { key: partner.key })).body.events;
    expect(usage).toHaveLength(1);
    expect(event.data).toEqual(usage[0]);
    expect(event.data).toMatchObject({ status: "executed", event_type: "solve", chain: "base", is_dry_run: false });
  });

  it("swap.confirmed: a user-paid swap credited by /confirm", async () => {
    const partner = await subscribed();
    const user = await newUser("base", "USDC", "5");
    const result = await swapWithPermit(connection(partner.key), {
      from: "USDC", to: "WETH", amount: "5", chain: "base", wallet: walletOf("base", user.account), reader: reader("base"),
    });
    expect(result.userPaid).toMatchObject({ status: "success", confirm: { ok: true, tracked: true } });
    const event = await receive(partner, "swap.confirmed");
    const usage = (await call("/api/v1/usage?event_type=solve", { key: partner.key })).body.events;
    expect(event.data).toEqual(usage[0]);
    expect(event.data).toMatchObject({ status: "executed", is_dry_run: false, tx_hash: result.userPaid!.txHash });
  });

  it("swap.failed: a sent solve whose transaction never appears is failed by the finaliser", async () => {
    const partner = await subscribed();
    const [sent] = await insertEvents({
      accountId: partner.accountId, volumeUsd: "42", outcome: "pending", txHash: `0x${randomBytes(32).toString("hex")}`,
      occurredAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    });
    // Reading usage finalises the account's pending solves from the chain (the cron does it too).
    const usage = (await call("/api/v1/usage?event_type=solve", { key: partner.key })).body.events;
    expect(usage).toEqual([expect.objectContaining({ id: sent!.id, status: "failed" })]);
    const event = await receive(partner, "swap.failed");
    expect(event.data).toEqual(usage[0]);
  });

  it("bridge.filled from the reconciliation of a tracked deposit", async () => {
    const partner = await subscribed();
    const { depositTx, settlementId } = await trackedDeposit(partner, { held: false });
    const filled = await waitForStatus(partner.key, depositTx, "filled");
    await reconcile();
    const event = await receive(partner, "bridge.filled");
    expect(event.data).toEqual({
      settlementId, status: "filled", depositId: filled.depositId, depositTxHash: depositTx.toLowerCase(), fillTx: filled.fillTx,
      refundTx: null, originChainId: BASE, destinationChainId: ARBITRUM,
    });
  });

  it("bridge.expired then bridge.refunded for a deposit nobody fills", async () => {
    const partner = await subscribed();
    const { depositTx, settlementId } = await trackedDeposit(partner, { held: true });
    // Reconcile as the cron would, while the destination's clock moves on, until the deposit is seen expired (the devnet
    // relayer refunds it 2 s after that).
    const until = Date.now() + 60_000;
    let status = "pending";
    while (status === "pending" && Date.now() < until) {
      await publicClient(ARBITRUM).request({ method: "evm_mine" as never, params: [] as never });
      await reconcile();
      [{ status }] = await query<{ status: string }>("select status::text as status from bridge_settlements where id = $1", [settlementId]) as [{ status: string }];
    }
    expect(status).toBe("expired");
    const expired = await receive(partner, "bridge.expired");
    expect(expired.data).toMatchObject({ settlementId, status: "expired", fillTx: null, refundTx: null });
    const refunded = await waitForStatus(partner.key, depositTx, "refunded", 30_000, { mineOn: ARBITRUM });
    await reconcile();
    const event = await receive(partner, "bridge.refunded");
    expect(event.data).toMatchObject({ settlementId, status: "refunded", refundTx: refunded.refundTx });
    // A second reconciliation announces nothing again.
    await reconcile();
    expect(await query("select type from webhook_events where account_id = $1 order by type", [partner.accountId]))
      .toEqual([{ type: "bridge.expired" }, { type: "bridge.refunded" }]);
  });

  it("rebate.settled for each of the account's ledger rows when the month settles; the data is the /rebates row", async () => {
    const referrer = await subscribed(["rebate.settled"]);
    const referred = await createPartner({ rebateBps: 20, referrerSlug: referrer.slug, referralBps: 5 });
    await insertEvents(
      { accountId: referrer.accountId, volumeUsd: "100", occurredAt: "2003-01-10T00:00:00Z" },
      { accountId: referred.accountId, volumeUsd: "2000", occurredAt: "2003-01-11T00:00:00Z" },
    );
    expect((await admin("/admin/v1/settlements", { body: { month: "2003-01" } })).body.settlement.status).toBe("settled");
    const rows = (await call("/api/v1/rebates?period=2003-01", { key: referrer.key })).body.rebates;
    expect(rows).toHaveLength(2);
    const received = (await receiver.waitFor((all) => all.filter((r) => r.path === referrer.path && r.json.type === "rebate.settled").length === 2))
      .filter((r) => r.path === referrer.path);
    for (const r of received) expect(hasValidSignature(referrer.secret, r)).toBe(true);
    expect(received.map((r) => r.json.data).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([...rows].sort((a, b) => a.kind.localeCompare(b.kind)));
    // Settling again changes nothing and sends nothing.
    await admin("/admin/v1/settlements", { body: { month: "2003-01" } });
    expect(await query("select count(*)::int as n from webhook_events where account_id = $1", [referrer.accountId])).toEqual([{ n: 2 }]);
  });

  it("only subscribed types are sent, and only to the account whose object changed", async () => {
    const onlyFailed = await subscribed(["swap.failed"]);
    const bystander = await subscribed();
    await insertEvents({ accountId: onlyFailed.accountId, volumeUsd: "1", outcome: "pending", txHash: `0x${randomBytes(32).toString("hex")}`, occurredAt: new Date(Date.now() - 3 * 3600_000).toISOString() });
    await insertEvents({ accountId: onlyFailed.accountId, volumeUsd: "2", occurredAt: "2003-02-10T00:00:00Z" });
    await admin("/admin/v1/settlements", { body: { month: "2003-02" } });
    await call("/api/v1/usage", { key: onlyFailed.key });
    await receive(onlyFailed, "swap.failed");
    await new Promise((resolve) => setTimeout(resolve, 3000)); // a few delivery rounds
    expect(receiver.received.filter((r) => r.path === onlyFailed.path).map((r) => r.json.type)).toEqual(["swap.failed"]);
    expect(receiver.received.filter((r) => r.path === bystander.path)).toEqual([]);
  });
});
