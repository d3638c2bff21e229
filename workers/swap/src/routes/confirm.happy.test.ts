import { describe, expect, it } from "vitest";
import { decodeFunctionData, encodeFunctionData, erc20Abi, type Hex } from "viem";
import { executorAbi } from "@sluice/core";
import { confirmSwap, submitEncodedSwap, swapWithPermit } from "@sluice/core/client";
import {
  balanceOf, call, connection, createPartner, manifestChain, nativeBalances, newUser, reader, solveBody, token,
  walletOf,
} from "@sluice/testkit";

const chain = "base" as const;

/** A below-minimum solve: the encode-only transaction, to send from the user's wallet. */
async function encodeOnly(key: string, amount = "5") {
  const user = await newUser(chain, "USDC", amount);
  const response = await call("/api/v1/solve", { key, body: await solveBody({ chain, user, symbol: "USDC", amount, to: "WETH" }) });
  expect(response.body, JSON.stringify(response.body)).toMatchObject({
    ok: false, code: "SWAP_TOO_SMALL", gaslessEligible: false, transaction: { value: "0", chain },
  });
  expect(response.body.error).toMatch(/^Swap too small: .* USD is below the 20 USD gasless minimum on base$/);
  expect(response.body.transaction.txHash).toBeUndefined();
  return { user, transaction: response.body.transaction as { to: `0x${string}`; data: Hex; value: string; chain: "base" } };
}

async function solveEvents(key: string) {
  return (await call("/api/v1/usage?event_type=solve", { key })).body.events as { is_dry_run: boolean; volume_usd: number }[];
}

describe("the user-paid path: encode-only calldata → the user sends it → /confirm", () => {
  it("end to end with the partner helper: tracked once as an executed solve", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "5");
    const [nativeBefore] = await nativeBalances(chain, [user.address]);
    const result = await swapWithPermit(connection(partner.key), {
      from: "USDC", to: "WETH", amount: "5", chain, wallet: walletOf(chain, user.account), reader: reader(chain),
    });
    expect(result.solve).toMatchObject({ ok: false, code: "SWAP_TOO_SMALL" });
    expect(result.userPaid).toMatchObject({ status: "success", confirm: { ok: true, chain, tracked: true } });
    const confirm = result.userPaid!.confirm as { txHash: string; volumeUsd: number };
    expect(confirm.txHash).toBe(result.userPaid!.txHash);
    expect(confirm.volumeUsd).toBeCloseTo(5, 1);
    // The user paid the gas this time, and received the output.
    expect((await nativeBalances(chain, [user.address]))[0]).toBeLessThan(nativeBefore!);
    expect(await balanceOf(chain, "WETH", user.address)).toBeGreaterThan(0n);
    const events = await solveEvents(partner.key);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ is_dry_run: false });
  });

  it("the same signed encode-only solve sent again (a retry, or a replay by the partner) is one event, credited once", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "5");
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "5", to: "WETH" });
    const answers = [await call("/api/v1/solve", { key: partner.key, body }), ...await Promise.all([1, 2].map(() => call("/api/v1/solve", { key: partner.key, body })))];
    for (const answer of answers) expect(answer.body).toMatchObject({ code: "SWAP_TOO_SMALL", transaction: { data: answers[0]!.body.transaction.data } });
    expect(await solveEvents(partner.key)).toEqual([expect.objectContaining({ is_dry_run: true })]);
    const sent = await submitEncodedSwap(walletOf(chain, user.account), reader(chain), answers[0]!.body.transaction);
    expect((await confirmSwap(connection(partner.key), { txHash: sent.txHash, chain })).ok).toBe(true);
    expect(await solveEvents(partner.key)).toEqual([expect.objectContaining({ is_dry_run: false, volume_usd: answers[0]!.body.quote.volumeUsd })]);
  });

  it("before /confirm the encode-only solve is a dry-run event; confirming twice (or at once) answers the same and counts once", async () => {
    const partner = await createPartner();
    const { user, transaction } = await encodeOnly(partner.key);
    expect(await solveEvents(partner.key)).toEqual([expect.objectContaining({ is_dry_run: true })]);
    const sent = await submitEncodedSwap(walletOf(chain, user.account), reader(chain), transaction);
    expect(sent.status).toBe("success");
    const answers = await Promise.all([1, 2, 3].map(() => confirmSwap(connection(partner.key), { txHash: sent.txHash, chain })));
    const again = await confirmSwap(connection(partner.key), { txHash: sent.txHash, chain });
    for (const answer of [...answers, again]) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ ok: true, txHash: sent.txHash, chain, tracked: true, status: 200 });
    const events = await solveEvents(partner.key);
    expect(events).toHaveLength(1);
    expect(events[0]!.is_dry_run).toBe(false);
  });

  it("a dry run's calldata, sent by the user, can be confirmed too", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const dry = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH", dryRun: true }) });
    const sent = await submitEncodedSwap(walletOf(chain, user.account), reader(chain), dry.body.transaction);
    const confirm = await confirmSwap(connection(partner.key), { txHash: sent.txHash, chain });
    expect(confirm).toMatchObject({ ok: true, tracked: true });
    expect(await solveEvents(partner.key)).toEqual([expect.objectContaining({ is_dry_run: false })]);
  });
});

describe("POST /api/v1/confirm refuses, each clearly", () => {
  it("a transaction to another contract", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "5");
    const hash = await walletOf(chain, user.account).writeContract({ address: token(chain, "USDC").address, abi: erc20Abi, functionName: "transfer", args: [manifestChain(chain).relayers[0]!, 1n] });
    await reader(chain).waitForTransactionReceipt({ hash });
    const answer = await confirmSwap(connection(partner.key), { txHash: hash, chain });
    expect(answer).toMatchObject({ ok: false, code: "TRANSACTION_REJECTED", status: 422 });
    expect((answer as { error: string }).error).toMatch(/not to Sluice's executor/);
  });

  it("modified calldata (a lower minimum output) matches no encoded swap", async () => {
    const partner = await createPartner();
    const { user, transaction } = await encodeOnly(partner.key);
    const { args } = decodeFunctionData({ abi: executorAbi, data: transaction.data });
    const a = args as unknown as [never, never, never, never, bigint, never];
    const data = encodeFunctionData({ abi: executorAbi, functionName: "swapWithWitness", args: [a[0], a[1], a[2], a[3], a[4] - 1n, a[5]] });
    const sent = await submitEncodedSwap(walletOf(chain, user.account), reader(chain), { ...transaction, data });
    expect(sent.status).toBe("success");
    const answer = await confirmSwap(connection(partner.key), { txHash: sent.txHash, chain });
    expect(answer).toMatchObject({ ok: false, code: "NOT_FOUND", status: 404 });
    expect((answer as { error: string }).error).toMatch(/does not match any calldata Sluice encoded/);
    expect(await solveEvents(partner.key)).toEqual([expect.objectContaining({ is_dry_run: true })]);
  });

  it("a reverted transaction", async () => {
    const partner = await createPartner();
    const { user, transaction } = await encodeOnly(partner.key);
    // The user moves the input away, so the swap reverts on chain.
    const wallet = walletOf(chain, user.account);
    const moved = await wallet.writeContract({ address: token(chain, "USDC").address, abi: erc20Abi, functionName: "transfer", args: [manifestChain(chain).relayers[0]!, await balanceOf(chain, "USDC", user.address)] });
    await reader(chain).waitForTransactionReceipt({ hash: moved });
    const hash = await wallet.sendTransaction({ to: transaction.to, data: transaction.data, gas: 800_000n });
    expect((await reader(chain).waitForTransactionReceipt({ hash })).status).toBe("reverted");
    const answer = await confirmSwap(connection(partner.key), { txHash: hash, chain });
    expect(answer).toMatchObject({ ok: false, code: "TRANSACTION_REJECTED" });
    expect((answer as { error: string }).error).toMatch(/failed \(reverted\)/);
    expect(await solveEvents(partner.key)).toEqual([expect.objectContaining({ is_dry_run: true })]);
  });

  it("a pending transaction", async () => {
    const partner = await createPartner();
    const { user, transaction } = await encodeOnly(partner.key);
    const client = reader(chain);
    await client.request({ method: "evm_setAutomine" as never, params: [false] as never });
    try {
      const hash = await walletOf(chain, user.account).sendTransaction({ to: transaction.to, data: transaction.data, gas: 800_000n });
      const answer = await confirmSwap(connection(partner.key), { txHash: hash, chain });
      expect(answer).toMatchObject({ ok: false, code: "CONFLICT", status: 409 });
      expect((answer as { error: string }).error).toMatch(/still pending/);
    } finally {
      await client.request({ method: "evm_setAutomine" as never, params: [true] as never });
      await client.request({ method: "evm_mine" as never, params: [] as never });
    }
  });

  it("an unknown hash", async () => {
    const partner = await createPartner();
    const answer = await confirmSwap(connection(partner.key), { txHash: `0x${"12".repeat(32)}`, chain });
    expect(answer).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect((answer as { error: string }).error).toMatch(/^Unknown transaction/);
  });

  it("another account's swap answers like no swap, and credits nobody", async () => {
    const [owner, other] = [await createPartner(), await createPartner()];
    const { user, transaction } = await encodeOnly(owner.key);
    const sent = await submitEncodedSwap(walletOf(chain, user.account), reader(chain), transaction);
    const answer = await confirmSwap(connection(other.key), { txHash: sent.txHash, chain });
    expect(answer).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await solveEvents(other.key)).toEqual([]);
    expect(await solveEvents(owner.key)).toEqual([expect.objectContaining({ is_dry_run: true })]);
  });

  it("malformed input answers 400 naming the field", async () => {
    const partner = await createPartner();
    for (const [body, field] of [[{ txHash: "0x12", chain }, /txHash/], [{ txHash: `0x${"12".repeat(32)}`, chain: "solana" }, /chain/], [{ chain }, /txHash: is required/]] as const) {
      const response = await call("/api/v1/confirm", { key: partner.key, body });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(field);
    }
  });
});
