/**
 * The permit rules on their own (real Redis through the REST API; signatures by a real key): who signed what, the
 * first account owning a permit, and a solve held to what was signed (witness) or to its /route answer (plain).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress, zeroAddress, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startTestRedis, type TestRedis } from "@sluice/testkit";
import { bindPermitToQuote } from "../solving/bindPermitToQuote.js";
import type { SwapQuote } from "../quoting/swapQuote.js";
import { acquireSpendLock } from "./acquireSpendLock.js";
import { claimPermitForSend } from "./claimPermitForSend.js";
import { claimPermitOwnership } from "./claimPermitOwnership.js";
import { permitTypedData } from "./permitTypedData.js";
import { permitWitnessTypedData } from "./permitWitnessTypedData.js";
import { recoverPermitSigner } from "./recoverPermitSigner.js";
import { readIssuedPermit } from "./readIssuedPermit.js";
import { rememberIssuedPermit } from "./rememberIssuedPermit.js";

const user = privateKeyToAccount(generatePrivateKey());
const spender = getAddress("0x00000000000000000000000000000000000000e1");
const [USDC, WETH, DAI] = ["0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", "0x4200000000000000000000000000000000000006", "0x50c5725949a6f0c72e6c4a641f24049a917db0cb"] as [Address, Address, Address];
const permit = { permitted: { token: USDC, amount: 30_000_000n }, nonce: 77n, deadline: 4_000_000_000n };
const witness = { tokenOut: WETH, minAmountOut: 9_000_000_000_000_000n, recipient: zeroAddress };
const quote = (amountOut: bigint, tokenOut = WETH) =>
  ({ chainId: 8453, tokenIn: { address: USDC }, tokenOut: { address: tokenOut, symbol: tokenOut === WETH ? "WETH" : "DAI" }, amountOut }) as unknown as SwapQuote;

let t: TestRedis;
beforeAll(async () => {
  t = await startTestRedis();
});
afterAll(async () => t?.close());

describe("recoverPermitSigner", () => {
  it("recovers the signer of a plain and of a witness permit, and another signer once the witness is changed", async () => {
    const plain = await user.signTypedData(permitTypedData({ chainId: 8453, spender, permit }));
    expect(await recoverPermitSigner({ chainId: 8453, spender, permit, signature: plain })).toBe(user.address);
    const signed = await user.signTypedData(permitWitnessTypedData({ chainId: 8453, spender, permit, witness }));
    expect(await recoverPermitSigner({ chainId: 8453, spender, permit, signature: signed, witness })).toBe(user.address);
    const lowered = { ...witness, minAmountOut: 1n };
    expect(await recoverPermitSigner({ chainId: 8453, spender, permit, signature: signed, witness: lowered })).not.toBe(user.address);
    // A witness signature is not a plain one.
    expect(await recoverPermitSigner({ chainId: 8453, spender, permit, signature: signed })).not.toBe(user.address);
  });
});

describe("claimPermitOwnership", () => {
  it("the first account owns a permit; another is refused; the owner may use it again", async () => {
    const claim = (accountId: string) => claimPermitOwnership(t.redis, { chainId: 8453, owner: user.address, nonce: 5n, deadline: 4_000_000_000n, accountId });
    await claim("acc_a");
    await expect(claim("acc_b")).rejects.toMatchObject({ code: "PERMIT_INVALID" });
    await expect(claim("acc_a")).resolves.toBeUndefined();
  });
});

describe("claimPermitForSend", () => {
  const send = (accountId: string, claimant: string, nonce = 6n) =>
    claimPermitForSend(t.redis, { chainId: 8453, owner: user.address, nonce, deadline: 4_000_000_000n, accountId, claimant });
  const encodeOnly = (accountId: string, nonce = 6n) =>
    claimPermitOwnership(t.redis, { chainId: 8453, owner: user.address, nonce, deadline: 4_000_000_000n, accountId });

  it("claims ownership and the send at once; a second send is refused until the first releases; the owner stays", async () => {
    const release = await send("acc_a", "evt_1");
    await expect(send("acc_a", "evt_2")).rejects.toThrow(/already being spent by another solve/);
    // Once sent, an encode-only use of the same permit is refused; another account is refused as not the owner.
    await expect(encodeOnly("acc_a")).rejects.toThrow(/already submitted by a gasless solve/);
    await expect(send("acc_b", "evt_3")).rejects.toThrow(/already in use through another Sluice integration/);
    await release();
    await expect(send("acc_b", "evt_3")).rejects.toThrow(/already in use through another Sluice integration/);
    const again = await send("acc_a", "evt_2");
    await again();
    await expect(encodeOnly("acc_a")).resolves.toBeUndefined();
  });

  it("a permit another account encoded first is refused and leaves no send claim behind", async () => {
    await encodeOnly("acc_b", 7n);
    await expect(send("acc_a", "evt_4", 7n)).rejects.toThrow(/already in use through another Sluice integration/);
    await expect(encodeOnly("acc_b", 7n)).resolves.toBeUndefined();
    expect(await t.redis.exists(`sluice:permit:claim:8453:${user.address.toLowerCase()}:7`)).toBe(0);
  });

  it("with the spend lock: claimed only while the solve still holds it, whose lifetime then starts again", async () => {
    const spend = { chainId: 8453, owner: user.address, token: DAI };
    const held = await acquireSpendLock(t.redis, spend);
    const claim = (nonce: bigint, claimant: string, spendLock = held.fence) =>
      claimPermitForSend(t.redis, { chainId: 8453, owner: user.address, nonce, deadline: 4_000_000_000n, accountId: "acc_a", claimant, spendLock });
    const expireIn = (key: string, ms: number) => t.redis.eval("return redis.call('PEXPIRE', KEYS[1], ARGV[1])", [key], [String(ms)]);
    await expireIn(held.fence.key, 500);
    await claim(9n, "evt_8");
    expect(await t.redis.eval("return redis.call('PTTL', KEYS[1])", [held.fence.key], [])).toBeGreaterThan(held.fence.holdMs - 5_000);
    // The lock expired (the solve outlasted it) and another solve of the same balance took it: nothing is claimed.
    await expireIn(held.fence.key, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next = await acquireSpendLock(t.redis, spend);
    await expect(claim(10n, "evt_9")).rejects.toMatchObject({ code: "DEPENDENCY_DOWN", message: expect.stringMatching(/outlasted its hold .* nothing was sent/) });
    expect(await t.redis.exists(`sluice:permit:claim:8453:${user.address.toLowerCase()}:10`)).toBe(0);
    expect(await t.redis.exists(`sluice:permit:owner:8453:${user.address.toLowerCase()}:10`)).toBe(0);
    expect(await t.redis.get(next.fence.key)).toBe(next.fence.holder);
    await expect(claim(10n, "evt_9", next.fence)).resolves.toEqual(expect.any(Function));
    await next.release();
  });

  it("the send's claim lives until an hour past the permit's deadline, not less: an unmined send keeps its permit", async () => {
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 6 * 3600);
    await claimPermitForSend(t.redis, { chainId: 8453, owner: user.address, nonce: 11n, deadline, accountId: "acc_a", claimant: "evt_10" });
    const ttl = await t.redis.eval<string[], number>("return redis.call('TTL', KEYS[1])", [`sluice:permit:claim:8453:${user.address.toLowerCase()}:11`], []);
    expect(ttl).toBeGreaterThan(7 * 3600 - 60);
    expect(ttl).toBeLessThanOrEqual(7 * 3600);
  });

  it("a release by an earlier claimant does not drop a later claim", async () => {
    const first = await send("acc_a", "evt_5", 8n);
    await first();
    await send("acc_a", "evt_6", 8n);
    await first();
    await expect(send("acc_a", "evt_7", 8n)).rejects.toThrow(/already being spent by another solve/);
  });
});

describe("acquireSpendLock", () => {
  const spend = { chainId: 8453, owner: user.address, token: USDC };

  it("one holder at a time: the next acquires once the holder released; an aborted wait throws and holds nothing", async () => {
    const { release } = await acquireSpendLock(t.redis, spend);
    const order: string[] = [];
    const next = acquireSpendLock(t.redis, spend).then((r) => { order.push("next"); return r.release; });
    const abandoned = new AbortController();
    const gaveUp = acquireSpendLock(t.redis, { ...spend, signal: abandoned.signal });
    abandoned.abort(new Error("not needed"));
    await expect(gaveUp).rejects.toThrow("not needed");
    order.push("released");
    await release();
    const releaseNext = await next;
    expect(order).toEqual(["released", "next"]);
    // The first holder's late release does not free the lock the next one holds.
    await release();
    const third = new AbortController();
    const waiting = acquireSpendLock(t.redis, { ...spend, signal: third.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    third.abort(new Error("still held"));
    await expect(waiting).rejects.toThrow("still held");
    await releaseNext();
    await (await acquireSpendLock(t.redis, spend)).release();
  });
});

describe("bindPermitToQuote", () => {
  const base = { accountId: "acc_a", user: user.address, permit, slippageMinimum: 0n, environment: "production" as const };

  it("a witness permit: the larger of the signed minimum and the slippage bound, paid to the signer", async () => {
    const bound = await bindPermitToQuote({ ...base, redis: t.redis, witness, quote: quote(10n ** 16n), slippageMinimum: 9_900_000_000_000_000n });
    expect(bound).toEqual({ minAmountOut: 9_900_000_000_000_000n, recipient: user.address });
  });

  it("a witness permit is refused for another output token, and when the market pays less than was signed", async () => {
    await expect(bindPermitToQuote({ ...base, redis: t.redis, witness, quote: quote(10n ** 16n, DAI) })).rejects.toMatchObject({ code: "PERMIT_INVALID" });
    await expect(bindPermitToQuote({ ...base, redis: t.redis, witness, quote: quote(witness.minAmountOut - 1n) })).rejects.toMatchObject({ code: "SIMULATION_FAILED" });
  });

  it("a plain permit needs its nonce issued by /route to the same account, for the same input and output", async () => {
    const plain = { ...base, permit: { ...permit, nonce: 901n } };
    await expect(bindPermitToQuote({ ...plain, redis: t.redis, quote: quote(10n ** 16n) })).rejects.toThrow(/not issued by \/route/);
    await rememberIssuedPermit(t.redis, { chainId: 8453, nonce: 901n, deadline: 4_000_000_000n, accountId: "acc_a", tokenIn: USDC, amountIn: "30000000", tokenOut: WETH, minAmountOut: "5", environment: "production" });
    expect(await bindPermitToQuote({ ...plain, redis: t.redis, quote: quote(10n ** 16n) })).toEqual({ minAmountOut: 5n, recipient: user.address });
    await expect(bindPermitToQuote({ ...plain, accountId: "acc_b", redis: t.redis, quote: quote(10n ** 16n) })).rejects.toThrow(/not issued by \/route/);
    await expect(bindPermitToQuote({ ...plain, redis: t.redis, quote: quote(10n ** 16n, DAI) })).rejects.toThrow(/for a swap to/);
    await expect(bindPermitToQuote({ ...plain, redis: t.redis, quote: quote(4n) })).rejects.toMatchObject({ code: "SIMULATION_FAILED" });
  });

  it("a nonce the sandbox's /route issued is the sandbox's only: production reads nothing for it, and the reverse", async () => {
    const issued = { chainId: 8453, deadline: 4_000_000_000n, accountId: "acc_a", tokenIn: USDC, amountIn: "30000000", tokenOut: WETH, minAmountOut: "5" };
    await rememberIssuedPermit(t.redis, { ...issued, nonce: 903n, environment: "sandbox" });
    expect(await readIssuedPermit(t.redis, 8453, 903n, "production")).toBeNull();
    expect(await readIssuedPermit(t.redis, 8453, 903n, "sandbox")).toMatchObject({ accountId: "acc_a", minAmountOut: "5" });
    await expect(bindPermitToQuote({ ...base, permit: { ...permit, nonce: 903n }, redis: t.redis, quote: quote(10n ** 16n) })).rejects.toThrow(/not issued by \/route/);
    expect(await bindPermitToQuote({ ...base, environment: "sandbox", permit: { ...permit, nonce: 903n }, redis: t.redis, quote: quote(10n ** 16n) }))
      .toEqual({ minAmountOut: 5n, recipient: user.address });
    await rememberIssuedPermit(t.redis, { ...issued, nonce: 904n, environment: "production" });
    expect(await readIssuedPermit(t.redis, 8453, 904n, "sandbox")).toBeNull();
    expect(await readIssuedPermit(t.redis, 8453, 904n, "production")).toMatchObject({ accountId: "acc_a" });
    await expect(bindPermitToQuote({ ...base, environment: "sandbox", permit: { ...permit, nonce: 904n }, redis: t.redis, quote: quote(10n ** 16n) })).rejects.toThrow(/not issued by \/route/);
  });
});
