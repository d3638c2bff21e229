/**
 * The user signs what they receive. A witness permit binds the output token, the minimum and the recipient; a plain
 * permit is held to the /route answer that issued its nonce to the same account. Each attack from the issue is a
 * request here: another partner re-aiming a user's permit, a caller asking for less than was signed, a plain permit
 * with a made-up nonce or another account's nonce.
 */
import { describe, expect, it } from "vitest";
import { permitTypedData } from "@sluice/core";
import { zeroAddress, type Address, type Hex } from "viem";
import { balanceOf, call, createPartner, decodeSwapCalldata, newUser, reader, relayerNonces, signPermit, solveBody, token, walletOf, type TestUser } from "@sluice/testkit";

const chain = "base" as const;

async function routeFor(key: string, user?: TestUser, extra: Record<string, unknown> = {}) {
  const answer = await call("/api/v1/route", { key, body: { from: "USDC", to: "WETH", amount: "30", chain, ...(user ? { user: user.address } : {}), ...extra } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { quote: { amountOutRaw: string }; permit: { message: { nonce: string; deadline: string; permitted: { token: Address; amount: string }; spender: Address; witness: { tokenOut: Address; minAmountOut: string; recipient: Address } } } };
}

/** The /route permit signed as a plain PermitTransferFrom (same input, nonce and deadline; no witness). */
async function signPlain(user: TestUser, permit: Awaited<ReturnType<typeof routeFor>>["permit"]) {
  const message = {
    permitted: { token: permit.message.permitted.token, amount: BigInt(permit.message.permitted.amount) },
    nonce: BigInt(permit.message.nonce), deadline: BigInt(permit.message.deadline),
  };
  const signature = await walletOf(chain, user.account).signTypedData(permitTypedData({ chainId: 8453, spender: permit.message.spender, permit: message }));
  return { permit: { permitted: permit.message.permitted, nonce: permit.message.nonce, deadline: permit.message.deadline }, signature };
}

const solveOf = (user: TestUser, signed: { permit: unknown; signature: Hex }, extra: Record<string, unknown> = {}) =>
  ({ from: "USDC", to: "WETH", amount: "30", chain, user: user.address, ...signed, ...extra });

describe("a witness permit binds the output", () => {
  it("/route's permit carries the witness: the output token, the quote less 5 bps, and the request's user as recipient", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const answer = await routeFor(partner.key, user);
    const minimum = (BigInt(answer.quote.amountOutRaw) * 9995n) / 10_000n;
    expect(answer.permit.message.witness).toEqual({
      tokenOut: token(chain, "WETH").address.toLowerCase(), minAmountOut: minimum.toString(), recipient: user.address,
    });
    expect((await routeFor(partner.key)).permit.message.witness.recipient).toBe(zeroAddress);
  });

  it("another partner cannot turn a user's signed permit into another output token", async () => {
    const intruder = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" });
    const before = await relayerNonces(chain);
    const answer = await call("/api/v1/solve", { key: intruder.key, body: { ...body, to: "DAI" } });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ ok: false, code: "PERMIT_INVALID" });
    expect(answer.body.error).toMatch(/witness is for output token .* but the request swaps to DAI/);
    // Claiming DAI in the witness too breaks the signature.
    const forged = await call("/api/v1/solve", { key: intruder.key, body: { ...body, to: "DAI", witness: { ...body.witness!, tokenOut: token(chain, "DAI").address } } });
    expect(forged.body).toMatchObject({ ok: false, code: "PERMIT_INVALID" });
    expect(forged.body.error).toMatch(/does not recover to user/);
    expect(await relayerNonces(chain)).toEqual(before);
  });

  it("no slippage a caller asks for goes below what the user signed: the solve is refused, nothing is sent", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const answer = await routeFor(partner.key, user);
    const signedFor = BigInt(answer.quote.amountOutRaw) * 2n; // the user signed for more than the market now pays
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH", witness: { minAmountOut: signedFor }, slippageBps: 5000 });
    const before = await relayerNonces(chain);
    const refused = await call("/api/v1/solve", { key: partner.key, body });
    expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ ok: false, code: "SIMULATION_FAILED" });
    expect(refused.body.error).toMatch(new RegExp(`below the ${signedFor} the user signed for`));
    expect(await relayerNonces(chain)).toEqual(before);
  });

  it("the gasless swap pays the signed recipient at least the signed minimum, with the witness in the calldata", async () => {
    const partner = await createPartner();
    const [user, friend] = [await newUser(chain, "USDC", "30"), await newUser(chain, "USDC", "0")];
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH", witness: { recipient: friend.address } });
    const before = await balanceOf(chain, "WETH", friend.address);
    const sent = await call("/api/v1/solve", { key: partner.key, body });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const decoded = decodeSwapCalldata(sent.body.transaction.data);
    expect(decoded.witness).toMatchObject({ recipient: friend.address });
    expect(decoded.recipient).toBe(friend.address);
    await reader(chain).waitForTransactionReceipt({ hash: sent.body.transaction.txHash });
    expect((await balanceOf(chain, "WETH", friend.address)) - before).toBeGreaterThanOrEqual(decoded.minAmountOut);
  });
});

describe("a plain permit is bound to the /route answer that issued its nonce", () => {
  it("end to end: /route, sign its nonce as a plain PermitTransferFrom, /solve without a witness pays the user", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const answer = await routeFor(partner.key);
    const sent = await call("/api/v1/solve", { key: partner.key, body: solveOf(user, await signPlain(user, answer.permit)) });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const decoded = decodeSwapCalldata(sent.body.transaction.data);
    expect(decoded.witness).toBeUndefined();
    expect(decoded.minAmountOut >= BigInt(answer.permit.message.witness.minAmountOut)).toBe(true);
    const receipt = await reader(chain).waitForTransactionReceipt({ hash: sent.body.transaction.txHash });
    expect(receipt.status).toBe("success");
  });

  it("a nonce /route never issued is refused, and so is one issued to another account", async () => {
    const [partner, other] = [await createPartner(), await createPartner()];
    const user = await newUser(chain, "USDC", "30");
    const handMade = await signPermit({ chain, user, symbol: "USDC", amount: "30", witness: false });
    const refused = await call("/api/v1/solve", { key: partner.key, body: solveOf(user, { permit: handMade.permit, signature: handMade.signature }) });
    expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ ok: false, code: "PERMIT_INVALID" });
    expect(refused.body.error).toMatch(/was not issued by \/route to this account/);

    const issued = await signPlain(user, (await routeFor(other.key)).permit);
    const stolen = await call("/api/v1/solve", { key: partner.key, body: solveOf(user, issued) });
    expect(stolen.body).toMatchObject({ ok: false, code: "PERMIT_INVALID" });
    expect(stolen.body.error).toBe(refused.body.error.replace(handMade.permit.nonce, issued.permit.nonce));
  });

  it("no slippage a caller asks for at /solve goes below the /route answer's minimum: it is what the calldata enforces", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const answer = await routeFor(partner.key);
    const bound = BigInt(answer.permit.message.witness.minAmountOut);
    const solved = await call("/api/v1/solve", { key: partner.key, body: solveOf(user, await signPlain(user, answer.permit), { slippageBps: 5000, dryRun: true }) });
    expect(solved.status, JSON.stringify(solved.body)).toBe(200);
    const decoded = decodeSwapCalldata(solved.body.transaction.data);
    expect(decoded.witness).toBeUndefined();
    // The request's own bound would be half the fresh quote; the /route answer's minimum (its quote less 5 bps) holds.
    expect(decoded.minAmountOut).toBe(bound);
    expect(decoded.minAmountOut > BigInt(solved.body.quote.amountOutRaw) / 2n).toBe(true);
  });

  it("a plain permit cannot be re-aimed at another output token than its /route answer", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const signed = await signPlain(user, (await routeFor(partner.key)).permit);
    const answer = await call("/api/v1/solve", { key: partner.key, body: solveOf(user, signed, { to: "DAI" }) });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ ok: false, code: "PERMIT_INVALID" });
    expect(answer.body.error).toMatch(/was issued by \/route for a swap to .*, not to DAI/);
  });
});

