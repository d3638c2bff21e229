/**
 * `bridge.execute` sends only the transactions the request asks for: whoever answers at `baseUrl` cannot make the
 * wallet approve or call anything but Across' SpokePool (pinned) with a deposit of the wallet's requested tokens and
 * amount, paying its output to the recipient and Sluice's disclosed fee recipient only, within Sluice's fee bounds.
 * Real chain (the devnet's base, Across' SpokePool at its canonical address); each hostile answer is the honest one
 * with one thing changed (or rebuilt consistent with itself around that change), and must throw
 * `SluiceVerificationError` naming the field before the wallet signs anything.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeFunctionData, erc20Abi, maxUint256, parseUnits, type Address, type Hex } from "viem";
import { createSluiceClient, SluiceVerificationError } from "./index.js";
import { ACROSS_SPOKE_POOLS } from "./pinned.js";
import { honestBridgeQuote, type BridgeTerms } from "./testing/bridgeAnswer.js";
import { startHostileApi, type HostileApi } from "./testing/hostileApi.js";
import { startSwapDevnet, type CountingWallet, type SwapDevnet } from "./testing/swapDevnet.js";

let bed: SwapDevnet;
let api: HostileApi;
let attacker: CountingWallet;
const attackerAddress = () => attacker.address;
const spokePool = ACROSS_SPOKE_POOLS[8453]!;
const params = { originChainId: 8453, destinationChainId: 42161, inputToken: "USDC", outputToken: "USDC", amount: "25000000" };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const exactOutputParams = { ...params, tradeType: "exactOutput" as const };
/** What an honest exactOutput deposit takes for `amount`: its output (amount + 10 bps) plus a 10 bps bridge fee. */
const exactOutputInput = (amount: bigint) => { const output = amount + amount / 1000n; return output + output / 1000n; };
type Ask = { depositor: Address; amount: bigint; chainTime: number; exactOutput: boolean };
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Json;

/** The honest quote for the request, or (exactInput `inputAmount` / exactOutput) one rebuilt with other deposit terms. */
const quoteFor = (ask: Ask, terms?: BridgeTerms, inputAmount?: bigint) => json(ask.exactOutput
  ? honestBridgeQuote({ depositor: ask.depositor, amount: ask.amount, inputAmount: inputAmount ?? exactOutputInput(ask.amount), chainTime: ask.chainTime, ...(terms ? { terms } : {}) })
  : honestBridgeQuote({ depositor: ask.depositor, inputAmount: inputAmount ?? ask.amount, chainTime: ask.chainTime, ...(terms ? { terms } : {}) }));
const rebuilt = (terms: BridgeTerms, inputAmount?: (ask: Ask) => bigint) => (_q: Json, ask: Ask) => quoteFor(ask, terms, inputAmount?.(ask));

/** /bridge/quote answers the honest quote for the asking depositor, passed through `edit` (or replaced by what it returns). */
function answering(edit: (quote: Json, ask: Ask) => Json | void = () => {}) {
  api.answer(async (path, body) => {
    if (path !== "/api/v1/bridge/quote") return { status: 200, body: { ok: true, settlementId: "brg_1" } };
    const chainTime = Number((await bed.client.getBlock()).timestamp);
    const ask: Ask = { depositor: body.depositor as Address, amount: BigInt(String(body.amount)), chainTime, exactOutput: body.tradeType === "exactOutput" };
    const quote = quoteFor(ask);
    return { status: 200, body: { ok: true, quote: edit(quote, ask) ?? quote } };
  });
}

const redeposit = (quote: Json, change: (data: string) => string) => { quote.swapTx.data = change(String(quote.swapTx.data).toLowerCase()); };
/** The 32-byte word holding `address` in the deposit calldata, replaced by another address's. */
const word = (address: string) => address.slice(2).toLowerCase().padStart(64, "0");

beforeAll(async () => {
  bed = await startSwapDevnet();
  api = await startHostileApi();
  attacker = bed.wallet(5);
}, 180_000);

afterAll(async () => {
  await api?.close();
  await bed?.stop();
});

describe("bridge.execute: a hostile quote is refused before anything is sent", () => {
  const variants: [string, string, (q: Json, ask: Ask) => Json | void, Record<string, unknown>?][] = [
    ["an approval that is a transfer to the attacker", "approvalTxns[0].data", (q) => {
      q.approvalTxns[0].data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [attacker.address, parseUnits("25", 6)] });
    }],
    ["an approval of the attacker", "approvalTxns[0].data spender", (q) => {
      q.approvalTxns[0].data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [attacker.address, maxUint256] });
    }],
    ["an approval of the SpokePool for more than the deposit", "approvalTxns[0].data amount", (q) => {
      q.approvalTxns[0].data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spokePool, maxUint256] });
    }],
    ["an approval sent to another token", "approvalTxns[0].to", (q) => { q.approvalTxns[0].to = bed.token("WETH").address; }],
    ["an approval on another chain", "approvalTxns[0].chainId", (q) => { q.approvalTxns[0].chainId = 1; }],
    ["the deposit sent to the attacker with 1 ETH", "swapTx.to", (q) => { q.swapTx = { ...q.swapTx, to: attacker.address, value: String(parseUnits("1", 18)), data: "0x" }; }],
    ["the deposit with 1 ETH", "swapTx.value", (q) => { q.swapTx.value = String(parseUnits("1", 18)); }],
    ["the deposit on another chain", "swapTx.chainId", (q) => { q.swapTx.chainId = 42161; }],
    ["the deposit another call", "swapTx.data", (q) => { q.swapTx.data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [attacker.address, 1n] }); }],
    ["the deposit's depositor another", "swapTx.data depositor", (q) => redeposit(q, (d) => d.replace(word(q.refundAddress), word(attacker.address)))],
    ["the deposit paid to the attacker", "swapTx.data recipient", (q) => redeposit(q, (d) => d.replace(word("0x0F7Ae28dE1C8532170AD4ee566B5801485c13a0E"), word(attacker.address)))],
    ["the deposit of more than asked", "swapTx.data inputAmount", (q) => {
      redeposit(q, (d) => d.replace((25_000_000n).toString(16).padStart(64, "0"), (250_000_000n).toString(16).padStart(64, "0")));
      q.inputAmount = "250000000";
    }],
    ["the deposit to another chain", "swapTx.data destinationChainId", (q) => redeposit(q, (d) => d.replace((42161n).toString(16).padStart(64, "0"), (10n).toString(16).padStart(64, "0")))],
    ["the deposit's input another token", "swapTx.data inputToken", (q) => redeposit(q, (d) => d.replace(word(q.inputToken.address), word(bed.token("WETH").address)))],
    ["the deposit with extra bytes", "swapTx.data", (q) => redeposit(q, (d) => `${d}00`)],
    // The terms the deposit's relay carries beyond its tokens and input: output, exclusivity, message.
    ["the deposit's output cut below the quote's stated output", "swapTx.data outputAmount", (q) => {
      redeposit(q, (d) => d.replace((24_975_000n).toString(16).padStart(64, "0"), (24_900_000n).toString(16).padStart(64, "0")));
    }],
    ["an output of 1 with the attacker as exclusive relayer, the quote consistent with it", "swapTx.data outputAmount",
      rebuilt({ outputAmount: 1n, fee: 0n, exclusiveRelayer: "0x000000000000000000000000000000000000a77c", exclusivityParameter: 1800 })],
    ["the attacker as exclusive relayer until the fill deadline", "swapTx.data exclusivityParameter",
      rebuilt({ exclusiveRelayer: "0x000000000000000000000000000000000000a77c", exclusivityParameter: 7200 })],
    ["a handler message draining the output to the attacker", "swapTx.data message calls[1] to", (_q, ask) => quoteFor(ask, { payTo: attackerAddress() })],
    ["a handler message paying the fee to an undisclosed attacker", "swapTx.data message calls[0] to", (_q, ask) => quoteFor(ask, { feeTo: attackerAddress(), disclosedFeeRecipient: "0x7777777777777777777777777777777777777777" })],
    ["a handler message paying the disclosed fee recipient 4 % of the output", "swapTx.data message calls[0] amount", rebuilt({ fee: 1_000_000n })],
    ["a handler message with the attacker as fallback recipient", "swapTx.data message fallbackRecipient", (_q, ask) => quoteFor(ask, { fallbackRecipient: attackerAddress() })],
    ["a fill deadline 2 minutes ahead (relayers may not fill it in time: the input waits for a refund)", "swapTx.data fillDeadline", rebuilt({ fillWindow: 120 })],
    ["an exactOutput answer taking 10x the input (its approval matching)", "swapTx.data inputAmount",
      rebuilt({}, (ask) => 10n * exactOutputInput(ask.amount)), exactOutputParams],
    ["an exactOutput answer paying the recipient less than asked", "swapTx.data message calls[1] amount", (_q, ask) => quoteFor({ ...ask, amount: ask.amount - 1_000_000n }), exactOutputParams],
  ];
  for (const [name, field, edit, asked = params] of variants) {
    it(name, async () => {
      answering(edit);
      const user = bed.wallet(1);
      const before = await bed.holdings(user.address, [spokePool, attacker.address]);
      const outcome = await createSluiceClient({ baseUrl: api.url, apiKey: "0".repeat(40) }).bridge.execute({ walletClient: user.walletClient, params: asked as typeof params })
        .then((result) => result, (error: unknown) => error);
      expect(await bed.holdings(user.address, [spokePool, attacker.address])).toEqual(before);
      expect(user.signed).toEqual({ typedData: 0, transactions: 0, messages: 0 });
      expect(outcome).toBeInstanceOf(SluiceVerificationError);
      expect((outcome as SluiceVerificationError).field).toBe(field);
    });
  }

  it("a client told its deployment's shorter fill window (a devnet) takes a deposit within it", async () => {
    answering(rebuilt({ fillWindow: 120 }));
    const user = bed.wallet(1);
    const outcome = await createSluiceClient({ baseUrl: api.url, apiKey: "0".repeat(40), bridgeMinFillWindowSeconds: 60 }).bridge.execute({ walletClient: user.walletClient, params })
      .then((result) => result, (error: unknown) => error);
    expect(outcome).not.toBeInstanceOf(SluiceVerificationError);
  });

  it("a quote keeping 4 % in fees is refused by default, and taken by a client told its deployment's 500 bps maximum", async () => {
    // 25 USDC in, 24 out (10 bps of it Sluice's fee): consistent with itself, 400 bps kept — within a deployment's
    // BRIDGE_MAX_FEE_BPS of 500, above the default 300.
    answering(rebuilt({ outputAmount: 24_000_000n }));
    const user = bed.wallet(1);
    const refused = await createSluiceClient({ baseUrl: api.url, apiKey: "0".repeat(40) }).bridge.execute({ walletClient: user.walletClient, params })
      .then((result) => result, (error: unknown) => error);
    expect(refused).toBeInstanceOf(SluiceVerificationError);
    expect((refused as SluiceVerificationError).field).toBe("swapTx.data outputAmount");
    expect(user.signed.transactions).toBe(0);
    const taken = await createSluiceClient({ baseUrl: api.url, apiKey: "0".repeat(40), bridgeMaxFeeBps: 500 }).bridge.execute({ walletClient: user.walletClient, params })
      .then((result) => result, (error: unknown) => error);
    expect(taken).not.toBeInstanceOf(SluiceVerificationError);
    expect((taken as { receipt: { status: string } }).receipt.status).toBe("success");
  });

  it("a quote passed in (not made by this client) is held to its own terms and the pinned SpokePool", async () => {
    const user = bed.wallet(1);
    const quote = honestBridgeQuote({ depositor: user.address, inputAmount: 25_000_000n, chainTime: Number((await bed.client.getBlock()).timestamp) });
    const foreign = { ...quote, swapTx: { ...quote.swapTx, to: attacker.address } };
    const sluice = createSluiceClient({ baseUrl: api.url, apiKey: "0".repeat(40) });
    await expect(sluice.bridge.execute({ walletClient: user.walletClient, quote: foreign as never })).rejects.toThrow(/swapTx.to/);
    const approval = { ...quote, approvalTxns: [{ ...quote.approvalTxns[0]!, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [attacker.address, 1n] }) as Hex }] };
    await expect(sluice.bridge.execute({ walletClient: user.walletClient, quote: approval as never })).rejects.toThrow(SluiceVerificationError);
    const draining = honestBridgeQuote({ depositor: user.address, inputAmount: 25_000_000n, chainTime: Number((await bed.client.getBlock()).timestamp), terms: { payTo: attacker.address } });
    await expect(sluice.bridge.execute({ walletClient: user.walletClient, quote: draining as never })).rejects.toMatchObject({ field: "swapTx.data message calls[1] to" });
    expect(user.signed.transactions).toBe(0);
  });
});

describe("bridge.execute: an honest quote still works", () => {
  it("sends the approval, then the deposit to the SpokePool, and tracks it", async () => {
    answering();
    const user = bed.wallet(2);
    const usdc = bed.token("USDC").address;
    const before = await bed.client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [user.address] });
    const result = await createSluiceClient({ baseUrl: api.url, apiKey: "0".repeat(40) }).bridge.execute({ walletClient: user.walletClient, params });
    expect(result.receipt.status).toBe("success");
    expect(result.receipt.to?.toLowerCase()).toBe(spokePool.toLowerCase());
    expect(result.approvalTxHashes.length).toBe(1);
    expect(result.settlementId).toBe("brg_1");
    expect(user.signed.transactions).toBe(2);
    expect(before - await bed.client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [user.address] })).toBe(25_000_000n);
  });

  it("an exactOutput quote (Across' fee transfer, payout and drain of the rest) is sent", async () => {
    answering();
    const user = bed.wallet(3);
    const result = await createSluiceClient({ baseUrl: api.url, apiKey: "0".repeat(40) }).bridge.execute({ walletClient: user.walletClient, params: exactOutputParams });
    expect(result.receipt.status).toBe("success");
    expect(result.quote.inputAmount).toBe(exactOutputInput(25_000_000n).toString());
  });
});
