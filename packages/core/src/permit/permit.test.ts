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
import { claimPermitOwnership } from "./claimPermitOwnership.js";
import { permitTypedData } from "./permitTypedData.js";
import { permitWitnessTypedData } from "./permitWitnessTypedData.js";
import { recoverPermitSigner } from "./recoverPermitSigner.js";
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
    const claim = (accountId: string) => claimPermitOwnership(t.redis, { chainId: 8453, owner: user.address, nonce: 5n, deadline: 4_000_000_000n, accountId, encodeOnly: true });
    await claim("acc_a");
    await expect(claim("acc_b")).rejects.toMatchObject({ code: "PERMIT_INVALID" });
    await expect(claim("acc_a")).resolves.toBeUndefined();
  });
});

describe("bindPermitToQuote", () => {
  const base = { accountId: "acc_a", user: user.address, permit, slippageMinimum: 0n };

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
    await rememberIssuedPermit(t.redis, { chainId: 8453, nonce: 901n, deadline: 4_000_000_000n, accountId: "acc_a", tokenIn: USDC, amountIn: "30000000", tokenOut: WETH, minAmountOut: "5" });
    expect(await bindPermitToQuote({ ...plain, redis: t.redis, quote: quote(10n ** 16n) })).toEqual({ minAmountOut: 5n, recipient: user.address });
    await expect(bindPermitToQuote({ ...plain, accountId: "acc_b", redis: t.redis, quote: quote(10n ** 16n) })).rejects.toThrow(/not issued by \/route/);
    await expect(bindPermitToQuote({ ...plain, redis: t.redis, quote: quote(10n ** 16n, DAI) })).rejects.toThrow(/for a swap to/);
    await expect(bindPermitToQuote({ ...plain, redis: t.redis, quote: quote(4n) })).rejects.toMatchObject({ code: "SIMULATION_FAILED" });
  });
});
