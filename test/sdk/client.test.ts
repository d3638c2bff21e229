/**
 * Every method of @sluice/sdk against the running stack: real workers, Postgres, Redis and devnet chains; the user's
 * wallet is a real viem WalletClient on the devnet. Each outcome is checked on chain or against the API's own answer.
 */
import { describe, expect, inject, it } from "vitest";
import { createWalletClient, erc20Abi, http, parseUnits, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  createSluiceClient, isSluiceApiError, SluiceApiError, SluiceTimeoutError, type SluiceClient, type SwapResult,
} from "@sluice/sdk";
import {
  ARBITRUM, BASE, balanceOf, bridgeBalanceOf, bridgeToken, call, createPartner, hold, newUser, newWallet, reader, token, untilMinuteHasRoomFor, walletOf,
} from "@sluice/testkit";

const PERMIT2 = "0x000000000022D473030F116dDEE9F6B43aC78BA3";
const client = (apiKey: string, fetchImpl?: typeof fetch): SluiceClient =>
  createSluiceClient({ baseUrl: inject("stack").baseUrl, apiKey, ...(fetchImpl ? { fetch: fetchImpl } : {}) });

async function thrown(promise: Promise<unknown>): Promise<SluiceApiError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(SluiceApiError);
  return error as SluiceApiError;
}

const allowance = (owner: Address) => reader("base").readContract({ address: token("base", "USDC").address, abi: erc20Abi, functionName: "allowance", args: [owner, PERMIT2] });

describe("@sluice/sdk against the stack", () => {
  it("quote: gasless-eligible with a permit; below the minimum still a quote, with the reason and a permit", async () => {
    const partner = await createPartner();
    const sluice = client(partner.key);
    const big = await sluice.quote({ from: "USDC", to: "WETH", amount: "250", chain: "base" });
    expect(big).toMatchObject({ gaslessEligible: true, gaslessMinimumUsd: 20, quote: { amountIn: "250" } });
    expect(BigInt(big.quote.amountOutRaw)).toBeGreaterThan(0n);
    expect(big.permit?.message.permitted.amount).toBe(parseUnits("250", 6).toString());
    expect(big.notGaslessReason).toBeUndefined();

    const small = await sluice.quote({ from: "USDC", to: "WETH", amount: "5", chain: "base" });
    expect(small).toMatchObject({ gaslessEligible: false, gaslessMinimumUsd: 20, quote: { amountIn: "5" } });
    expect(small.notGaslessReason).toMatch(/^Swap too small: 5(\.\d+)? USD is below the 20 USD gasless minimum on base/);
    expect(small.permit?.primaryType).toBe("PermitWitnessTransferFrom");
  });

  it("failures are SluiceApiError with code, status and the failure's extra fields; a custom fetch is used", async () => {
    const partner = await createPartner();
    const urls: string[] = [];
    const sluice = client(partner.key, (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    });
    const unknown = await thrown(sluice.quote({ from: "NOPE", to: "WETH", amount: "1", chain: "base" }));
    expect(unknown).toMatchObject({ code: "UNSUPPORTED_TOKEN", status: 422, request: "POST /api/v1/route" });
    expect(unknown.fields).toMatchObject({ gaslessEligible: false, computeMs: expect.any(Number) });
    expect(isSluiceApiError(unknown, "UNSUPPORTED_TOKEN")).toBe(true);
    expect(isSluiceApiError(unknown, "NO_ROUTE")).toBe(false);
    expect(urls).toEqual([`${inject("stack").baseUrl}/api/v1/route`]);

    const bad = await thrown(client("0".repeat(40)).account());
    expect(bad).toMatchObject({ code: "UNAUTHORIZED", status: 401, message: "Invalid or revoked API key" });

    const malformed = await thrown(sluice.usage({ period: "2026-13" }).toArray());
    expect(malformed).toMatchObject({ code: "MALFORMED_REQUEST", status: 400 });
    expect(malformed.message).toMatch(/period/);

    const limited = client((await createPartner({ rateLimitPerMinute: 1 })).key);
    await untilMinuteHasRoomFor(10_000);
    await limited.account();
    const hit = await thrown(limited.account());
    expect(hit).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(hit.retryAfter).toBeGreaterThan(0);
  });

  it("swap, gasless: returns the Permit2 approval unsent when asked, else sends it once, then Sluice's relayer swaps", async () => {
    const partner = await createPartner();
    const sluice = client(partner.key);
    const user = await newUser("base", "USDC", "300", { approve: false });
    const walletClient = walletOf("base", user.account);

    const asked = await sluice.swap({ walletClient, from: "USDC", to: "WETH", amount: "250", chain: "base", approval: "return" });
    expect(asked.status).toBe("approval-required");
    if (asked.status !== "approval-required") throw new Error("unreachable");
    expect(asked.approval).toMatchObject({ chainId: BASE, to: token("base", "USDC").address, value: 0n });
    expect(await allowance(user.address)).toBe(0n);

    const wethBefore = await balanceOf("base", "WETH", user.address);
    const result = await sluice.swap({ walletClient, from: "USDC", to: "WETH", amount: "250", chain: "base" });
    expect(result).toMatchObject({ status: "executed", mode: "gasless", chain: "base", user: user.address });
    if (result.status !== "executed" || result.mode !== "gasless") throw new Error("unreachable");
    expect(result.approvalTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await allowance(user.address)).toBeGreaterThan(parseUnits("1000000", 6));
    expect(result.receipt.status).toBe("success");
    // Sluice's relayer sent it, not the user.
    expect(result.receipt.from.toLowerCase()).not.toBe(user.address.toLowerCase());
    expect(result.transaction.txHash).toBe(result.txHash);
    expect(await balanceOf("base", "USDC", user.address)).toBe(parseUnits("50", 6));
    expect(await balanceOf("base", "WETH", user.address) - wethBefore).toBeGreaterThan(0n);

    // Approved now: the next swap sends no approval.
    const second = await sluice.swap({ walletClient, from: "USDC", to: "WETH", amount: "25", chain: "base" });
    expect(second).toMatchObject({ status: "executed", mode: "gasless" });
    expect(second.approvalTxHash).toBeUndefined();
  });

  it("swap, user-paid below the gasless minimum: the wallet sends Sluice's calldata and /confirm tracks it; confirm repeats safely", async () => {
    const partner = await createPartner();
    const sluice = client(partner.key);
    const user = await newUser("base", "USDC", "10");
    const walletClient = walletOf("base", user.account);
    const result: SwapResult = await sluice.swap({ walletClient, from: "USDC", to: "WETH", amount: "5", chain: "base" });
    expect(result).toMatchObject({ status: "executed", mode: "user-paid" });
    if (result.status !== "executed" || result.mode !== "user-paid") throw new Error("unreachable");
    expect(result.receipt.from.toLowerCase()).toBe(user.address.toLowerCase());
    expect(result.transaction.txHash).toBeUndefined();
    expect(result.confirmation).toMatchObject({ ok: true, tracked: true, txHash: result.txHash, chain: "base" });
    expect(result.confirmation!.volumeUsd).toBeGreaterThan(4);
    expect(await balanceOf("base", "USDC", user.address)).toBe(parseUnits("5", 6));

    const again = await sluice.confirm({ txHash: result.txHash, chain: "base" });
    expect(again).toMatchObject({ ok: true, tracked: true, txHash: result.txHash });
    // Another account cannot confirm it.
    const other = await thrown(client((await createPartner()).key).confirm({ txHash: result.txHash, chain: "base" }));
    expect(other.status).toBeGreaterThanOrEqual(400);
  });

  it("swap, user-paid: once the wallet's transaction is mined the swap is executed whatever /confirm answers; /confirm is asked again", async () => {
    const partner = await createPartner();
    const user = await newUser("base", "USDC", "20");
    const walletClient = walletOf("base", user.account);
    // The network to Sluice fails the first /confirm (as when Sluice's node has not seen the transaction yet): asked again.
    let failConfirms = 1;
    const confirms: number[] = [];
    const flaky: typeof fetch = async (input, init) => {
      if (String(input).endsWith("/api/v1/confirm")) {
        confirms.push(Date.now());
        if (failConfirms-- > 0) throw new TypeError("fetch failed");
      }
      return fetch(input, init);
    };
    const first = await client(partner.key, flaky).swap({ walletClient, from: "USDC", to: "WETH", amount: "5", chain: "base" });
    expect(first).toMatchObject({ status: "executed", mode: "user-paid", confirmation: { ok: true, tracked: true } });
    expect(confirms.length).toBe(2);

    // /confirm never gets through: the swap is still executed (never an error to retry the swap on), with why.
    failConfirms = Number.POSITIVE_INFINITY;
    const second = await client(partner.key, flaky).swap({ walletClient, from: "USDC", to: "WETH", amount: "5", chain: "base", confirmTimeoutMs: 1_500 });
    expect(second).toMatchObject({ status: "executed", mode: "user-paid", confirmationError: expect.any(TypeError) });
    if (second.status !== "executed" || second.mode !== "user-paid") throw new Error("unreachable");
    expect(second.confirmation).toBeUndefined();
    expect(second.receipt.status).toBe("success");
    expect(await balanceOf("base", "USDC", user.address)).toBe(parseUnits("10", 6));
    // Confirmed later, it counts.
    expect(await client(partner.key).confirm({ txHash: second.txHash, chain: "base" })).toMatchObject({ ok: true, tracked: true, txHash: second.txHash });
  });

  it("swap, dry run: the encoded transaction and nothing sent", async () => {
    const partner = await createPartner();
    const user = await newUser("base", "USDC", "300");
    const result = await client(partner.key).swap({ walletClient: walletOf("base", user.account), from: "USDC", to: "WETH", amount: "250", chain: "base", dryRun: true });
    expect(result.status).toBe("dry-run");
    if (result.status !== "dry-run") throw new Error("unreachable");
    expect(result.transaction).toMatchObject({ chain: "base", to: inject("stack").manifest.chains.base.executor });
    expect(result.transaction.txHash).toBeUndefined();
    expect(await balanceOf("base", "USDC", user.address)).toBe(parseUnits("300", 6));
  });

  it("swap with a JSON-RPC account (as a browser wallet): the node signs the permit (eth_signTypedData_v4)", async () => {
    const partner = await createPartner();
    // anvil holds the development accounts' keys: the wallet client has only the address, like an injected wallet.
    const address = inject("stack").manifest.accounts.dev[5]!.address;
    const rpc = walletOf("base", privateKeyToAccount(inject("stack").manifest.accounts.dev[5]!.privateKey));
    const walletClient = createWalletClient({ account: address, chain: rpc.chain, transport: http(inject("stack").manifest.chains.base.rpcUrl) });
    expect(walletClient.account.type).toBe("json-rpc");
    const before = await balanceOf("base", "WETH", address);
    const result = await client(partner.key).swap({ walletClient, from: "USDC", to: "WETH", amount: "25", chain: "base" });
    expect(result).toMatchObject({ status: "executed", mode: "gasless", user: address });
    expect(await balanceOf("base", "WETH", address)).toBeGreaterThan(before);
  });

  it("a wallet on another chain is refused before anything is signed or sent", async () => {
    const partner = await createPartner();
    const user = await newUser("arbitrum", "USDC", "300");
    await expect(client(partner.key).swap({ walletClient: walletOf("arbitrum", user.account), from: "USDC", to: "WETH", amount: "250", chain: "base" }))
      .rejects.toThrow(/chain 8453 but the wallet client is on chain 42161/);
    // A wallet client without a chain (an injected wallet): the chain the wallet reports decides.
    const chainless = createWalletClient({ account: user.account, transport: http(inject("stack").manifest.chains.arbitrum.rpcUrl) });
    await expect(client(partner.key).swap({ walletClient: chainless, from: "USDC", to: "WETH", amount: "250", chain: "base" }))
      .rejects.toThrow(/chain 8453 but the wallet client is on chain 42161/);
  });

  it("account, usage (every page, as an async iterator and as pages) and rebates answer what the API answers", async () => {
    const partner = await createPartner({ rebateBps: 15 });
    const sluice = client(partner.key);
    expect(await sluice.account()).toEqual({ id: partner.accountId, slug: partner.slug, name: `Partner ${partner.slug}`, rebate_bps: 15, rebate_active: true });

    const user = await newUser("base", "USDC", "1000");
    const walletClient = walletOf("base", user.account);
    for (const amount of ["30", "40"]) expect((await sluice.swap({ walletClient, from: "USDC", to: "WETH", amount, chain: "base" })).status).toBe("executed");
    for (const amount of ["1", "2", "3"]) await sluice.quote({ from: "USDC", to: "WETH", amount: `${amount}00`, chain: "base" });

    // Route events are recorded in the background: wait until the API shows all seven (2 solves + 5 routes).
    const everything = async () => (await call(`/api/v1/usage?limit=1000`, { key: partner.key })).body.events as { id: string }[];
    for (let i = 0; i < 60 && (await everything()).length < 7; i++) await new Promise((r) => setTimeout(r, 500));
    const expected = await everything();
    expect(expected.length).toBe(7);

    const seen = [];
    for await (const event of sluice.usage({ pageSize: 2 })) seen.push(event);
    expect(seen.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    const pages = [];
    for await (const page of sluice.usage({ pageSize: 3 }).pages()) pages.push(page);
    expect(pages.map((p) => p.events.length)).toEqual([3, 3, 1]);
    expect(pages.at(-1)!.next_cursor).toBeNull();
    const solves = await sluice.usage({ eventType: "solve", period: new Date().toISOString().slice(0, 7) }).toArray();
    expect(solves.map((e) => e.event_type)).toEqual(["solve", "solve"]);
    expect(solves.every((e) => e.status === "executed" && /^0x[0-9a-f]{64}$/.test(e.tx_hash ?? ""))).toBe(true);
    expect(await sluice.usage({ period: "2020-01" }).toArray()).toEqual([]);

    const rebates = await sluice.rebates();
    expect(rebates).toEqual((await call("/api/v1/rebates", { key: partner.key })).body.rebates);
    expect(rebates).toEqual([expect.objectContaining({ kind: "volume", status: "accrued", rebate_bps: 15 })]);
    expect(rebates[0]!.volume_usd).toBeGreaterThan(69);
    expect(await sluice.rebates({ period: "2020-01" })).toEqual([]);
  });

  it("tokens: the chain's routable list", async () => {
    const list = await client((await createPartner()).key).tokens({ chain: "base", search: "USD" });
    expect(list.chain).toBe("base");
    expect(list.tokens.map((t) => t.symbol)).toContain("USDC");
  });

  it("bridge: chains, tokens, quote, execute (approval + deposit from the wallet, tracked), status, waitForFill, track again", async () => {
    const partner = await createPartner();
    const sluice = client(partner.key);
    expect((await sluice.bridge.chains()).map((c) => c.chainId).sort((a, b) => a - b)).toEqual([1, 137, 8453, 42161]);
    expect((await sluice.bridge.tokens(BASE)).map((t) => t.symbol)).toContain("USDC");

    const funded = await newWallet({ chainId: BASE, symbol: "USDC", amount: 40_000_000n });
    const account = privateKeyToAccount(funded.key);
    const walletClient = walletOf("base", account);
    const params = { originChainId: BASE, destinationChainId: ARBITRUM, inputToken: "USDC", outputToken: "USDC", amount: "25000000" };
    const quote = await sluice.bridge.quote({ ...params, depositor: account.address });
    expect(quote).toMatchObject({ inputAmount: "25000000", recipient: account.address, fees: { app: { bps: 10 } } });
    expect(quote.approvalTxns.length).toBeGreaterThan(0);

    const recipientBefore = await bridgeBalanceOf(ARBITRUM, bridgeToken(ARBITRUM, "USDC"), account.address);
    const executed = await sluice.bridge.execute({ walletClient, quote });
    expect(executed.approvalTxHashes.length).toBe(quote.approvalTxns.length);
    expect(executed.receipt.status).toBe("success");
    expect(executed.settlementId).toMatch(/^brg_/);
    expect(await bridgeBalanceOf(BASE, bridgeToken(BASE, "USDC"), account.address)).toBe(15_000_000n);

    const filled = await sluice.bridge.waitForFill({ depositTxnRef: executed.depositTxHash }, { timeoutMs: 60_000, intervalMs: 500 });
    expect(filled).toMatchObject({ status: "filled", destinationChainId: ARBITRUM, depositTxHash: executed.depositTxHash.toLowerCase() });
    expect(filled.fillTx).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await bridgeBalanceOf(ARBITRUM, bridgeToken(ARBITRUM, "USDC"), account.address) - recipientBefore)
      .toBeGreaterThanOrEqual(BigInt(quote.minOutputAmount));
    expect(await sluice.bridge.status({ originChainId: BASE, depositId: filled.depositId })).toEqual(filled);

    const again = await sluice.bridge.track({
      originChainId: BASE, destinationChainId: ARBITRUM, depositor: account.address, recipient: account.address,
      inputToken: bridgeToken(BASE, "USDC"), outputToken: bridgeToken(ARBITRUM, "USDC"),
      amountInRaw: quote.inputAmount, expectedOutRaw: quote.expectedOutputAmount, originTxHash: executed.depositTxHash,
    });
    expect(again.settlementId).toBe(executed.settlementId);

    // From parameters alone (quoted for the wallet, no approval needed the second time round if the allowance covers it).
    const second = await sluice.bridge.execute({ walletClient, params: { ...params, amount: "10000000" } });
    expect(second.quote.inputAmount).toBe("10000000");
    expect(second.receipt.status).toBe("success");
    expect((await sluice.bridge.waitForFill({ depositTxnRef: second.depositTxHash }, { timeoutMs: 60_000, intervalMs: 500 })).status).toBe("filled");
  });

  it("bridge.waitForFill gives up after its timeout on a deposit that stays pending; an unknown deposit is NOT_FOUND", async () => {
    // The stack holds this deposit unfilled with a fill window of seconds (its bridge's devnet minimum): the client
    // is told so, else it refuses the deposit as one that leaves relayers too little time.
    const sluice = createSluiceClient({ baseUrl: inject("stack").baseUrl, apiKey: (await createPartner()).key, bridgeMinFillWindowSeconds: 1 });
    const funded = await newWallet({ chainId: BASE, symbol: "USDC", amount: 40_000_000n });
    const account = privateKeyToAccount(funded.key);
    await hold(account.address);
    const executed = await sluice.bridge.execute({
      walletClient: walletOf("base", account),
      params: { originChainId: BASE, destinationChainId: ARBITRUM, inputToken: "USDC", outputToken: "USDC", amount: "25000000" },
    });
    const error = await sluice.bridge.waitForFill({ depositTxnRef: executed.depositTxHash }, { timeoutMs: 2_000, intervalMs: 400 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SluiceTimeoutError);
    expect((await sluice.bridge.status({ depositTxnRef: executed.depositTxHash })).status).toBe("pending");

    const missing = await thrown(sluice.bridge.status({ depositTxnRef: `0x${"12".repeat(32)}` }));
    expect(missing).toMatchObject({ code: "NOT_FOUND", status: 404 });
    // Waiting on a deposit not known yet (right after its sending) polls on until the timeout, saying what it last heard.
    const unknown = await sluice.bridge.waitForFill({ depositTxnRef: `0x${"12".repeat(32)}` }, { timeoutMs: 1_500, intervalMs: 300 }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(SluiceTimeoutError);
    expect(String(unknown)).toMatch(/last answer: NOT_FOUND/);
    // A reference asking again cannot mend ends the wait at once.
    expect(await thrown(sluice.bridge.waitForFill({ depositTxnRef: "0x12" }, { timeoutMs: 60_000 }))).toMatchObject({ code: "MALFORMED_REQUEST" });
  });

  it("bridge.execute: an expired quote is quoted again on its own terms; a quote for another depositor, or an expired one of unknown terms, is refused", async () => {
    const asked: Array<Record<string, unknown>> = [];
    const recording: typeof fetch = async (input, init) => {
      if (String(input).endsWith("/api/v1/bridge/quote")) asked.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return fetch(input, init);
    };
    const sluice = client((await createPartner()).key, recording);
    const funded = await newWallet({ chainId: BASE, symbol: "USDC", amount: 40_000_000n });
    const account = privateKeyToAccount(funded.key);
    const walletClient = walletOf("base", account);
    const stranger = privateKeyToAccount((await newWallet({ chainId: BASE, symbol: "USDC", amount: 40_000_000n })).key);
    const params = { originChainId: BASE, destinationChainId: ARBITRUM, inputToken: "USDC", outputToken: "USDC", amount: "20000000", tradeType: "exactOutput" as const };
    const nonce = () => reader("base").getTransactionCount({ address: account.address });
    const sentBefore = await nonce();

    // Made for another depositor: its deposit would refund that depositor. Nothing is sent.
    const theirs = await sluice.bridge.quote({ ...params, depositor: stranger.address, recipient: account.address });
    await expect(sluice.bridge.execute({ walletClient, quote: theirs })).rejects.toThrow(/made for depositor .* not for the wallet's/);
    // Expired, and not made by this client: its trade type and slippage are unknown, so it is not guessed at.
    const ours = await sluice.bridge.quote({ ...params, depositor: account.address });
    await expect(sluice.bridge.execute({ walletClient, quote: { ...ours, quoteExpiryTimestamp: 0 } })).rejects.toThrow(/pass `params`/);
    expect(await nonce()).toBe(sentBefore);

    // Expired, made by this client: quoted again as an exact output, not as an exact input of the old input amount.
    ours.quoteExpiryTimestamp = Math.floor(Date.now() / 1000) - 1;
    asked.length = 0;
    const executed = await sluice.bridge.execute({ walletClient, quote: ours });
    expect(asked).toEqual([{ ...params, depositor: account.address }]);
    expect(executed.quote).not.toBe(ours);
    expect(executed.quote.quoteExpiryTimestamp).toBeGreaterThan(Math.floor(Date.now() / 1000));
    expect(executed.quote.expectedOutputAmount).toBe("20000000");
    expect(executed.receipt.status).toBe("success");
  });
});
