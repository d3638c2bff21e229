import { describe, expect, it } from "vitest";
import { isAddressEqual, parseUnits } from "viem";
import {
  balanceOf, call, connection, createPartner, decodeSwapCalldata, manifestChain, nativeBalances, newUser, newUsers,
  reader, relayerNonces, solveBody, token, walletOf,
} from "@sluice/testkit";
import { swapWithPermit } from "@sluice/core/client";

const chain = "base" as const;

/** One gasless swap through the partner helper; checks what every gasless swap must satisfy. */
async function gaslessSwap(from: string, to: string, amount: string) {
  const partner = await createPartner();
  const user = await newUser(chain, from, amount);
  const [nativeBefore] = await nativeBalances(chain, [user.address]);
  const relayersBefore = await nativeBalances(chain, manifestChain(chain).relayers);
  const outBefore = await balanceOf(chain, to, user.address);
  const response = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user, symbol: from, amount, to }) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const solved = response.body as { ok: true; transaction: { txHash?: `0x${string}`; to: `0x${string}`; data: `0x${string}` }; quote: { amountOutRaw: string; volumeUsd: number } };
  const { transaction, quote } = solved;
  expect(transaction.txHash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(isAddressEqual(transaction.to, manifestChain(chain).executor!)).toBe(true);
  const receipt = await reader(chain).waitForTransactionReceipt({ hash: transaction.txHash! });
  expect(receipt.status).toBe("success");
  // The relayer paid the gas; the user paid none.
  expect(manifestChain(chain).relayers.some((r) => isAddressEqual(r, receipt.from))).toBe(true);
  const [nativeAfter] = await nativeBalances(chain, [user.address]);
  expect(nativeAfter).toBe(nativeBefore);
  const relayersAfter = await nativeBalances(chain, manifestChain(chain).relayers);
  expect(relayersAfter.reduce((a, b) => a + b, 0n)).toBeLessThan(relayersBefore.reduce((a, b) => a + b, 0n));
  // Exactly the quoted output (state unchanged between quote and execution), at least the minimum.
  const received = (await balanceOf(chain, to, user.address)) - outBefore;
  const decoded = decodeSwapCalldata(transaction.data);
  expect(received).toBe(BigInt(quote.amountOutRaw));
  expect(received).toBeGreaterThanOrEqual(decoded.minAmountOut);
  expect(decoded.minAmountOut).toBe((BigInt(quote.amountOutRaw) * 9995n) / 10000n);
  expect(await balanceOf(chain, from, user.address)).toBe(0n);
  return { partner, user, result: solved, decoded, receipt };
}

/**
 * A swap between two uncurated tokens: worth 0 USD (their prices come from pools anyone can make, `swapValueUsd`), so
 * never gasless and earning nothing; /solve answers its encode-only calldata, which the user sends and the executor
 * pays exactly.
 */
async function userPaidSwap(from: string, to: string, amount: string) {
  const partner = await createPartner();
  const user = await newUser(chain, from, amount);
  const outBefore = await balanceOf(chain, to, user.address);
  const response = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user, symbol: from, amount, to }) });
  expect(response, JSON.stringify(response.body)).toMatchObject({ status: 422, body: { code: "SWAP_TOO_SMALL", quote: { volumeUsd: 0 } } });
  const { transaction, quote } = response.body as { transaction: { to: `0x${string}`; data: `0x${string}` }; quote: { amountOutRaw: string } };
  // A fixed gas limit, as a wallet's headroom would give: with the bare estimate, a pair's first trade in a new second
  // (its price accumulators written) can run out of gas (see the SDK's `GAS_HEADROOM_PERCENT`).
  const hash = await walletOf(chain, user.account).sendTransaction({ to: transaction.to, data: transaction.data, gas: 1_500_000n });
  const receipt = await reader(chain).waitForTransactionReceipt({ hash });
  expect(receipt.status, receipt.status === "success" ? "" : await explainRevert(receipt, user.address, transaction)).toBe("success");
  expect((await balanceOf(chain, to, user.address)) - outBefore).toBe(BigInt(quote.amountOutRaw));
  return { decoded: decodeSwapCalldata(transaction.data) };
}

/**
 * Why the user's transaction reverted although /solve had just simulated it from the user: its gas limit against the
 * gas it used, who else had a transaction in its block, and what the same call does at the block before.
 */
async function explainRevert(receipt: { blockNumber: bigint; gasUsed: bigint; transactionHash: `0x${string}` }, from: `0x${string}`, transaction: { to: `0x${string}`; data: `0x${string}` }) {
  const client = reader(chain);
  const [tx, block] = await Promise.all([
    client.getTransaction({ hash: receipt.transactionHash }),
    client.getBlock({ blockNumber: receipt.blockNumber, includeTransactions: true }),
  ]);
  const before = await client.call({ account: from, ...transaction, blockNumber: receipt.blockNumber - 1n })
    .then(() => "succeeds", (error: Error) => error.message.slice(0, 300));
  return `reverted in block ${receipt.blockNumber} (timestamp ${block.timestamp}), gas used ${receipt.gasUsed} of ${tx.gas}; ` +
    `its block's transactions: ${block.transactions.map((t) => `${t.from}→${t.to}`).join(", ")}; the call at the block before ${before}`;
}

describe("POST /api/v1/solve — gasless swaps on the devnet", () => {
  it("a single V2 hop (HOP1 → HOP2 has only a V2 pair; two uncurated tokens: user-paid)", async () => {
    const { decoded } = await userPaidSwap("HOP1", "HOP2", "500");
    expect(decoded.splits.flatMap((s) => s.hops.map((h) => h.kind))).toEqual(["v2"]);
  });

  it("V3 pools in a split with V2 (a large WETH → USDC), paying exactly the quote", async () => {
    const { decoded } = await gaslessSwap("WETH", "USDC", "200");
    expect(decoded.splits.flatMap((s) => s.hops.filter((h) => h.kind === "v3")).length).toBeGreaterThan(0);
  });

  it("V3 crossing initialized ticks (USDC → LADDER: a pool whose liquidity is a ladder of narrow positions)", async () => {
    const { decoded, receipt } = await gaslessSwap("USDC", "LADDER", "60000");
    const pools = decoded.splits.flatMap((s) => s.hops.filter((h) => h.kind === "v3").map((h) => h.pool));
    const abi = [{ type: "function", name: "liquidity", stateMutability: "view", inputs: [], outputs: [{ type: "uint128" }] }] as const;
    const client = reader(chain);
    const head = receipt.blockNumber;
    const changed = await Promise.all(pools.map(async (pool) => (
      await client.readContract({ address: pool, abi, functionName: "liquidity", blockNumber: head - 1n })
    ) !== (await client.readContract({ address: pool, abi, functionName: "liquidity", blockNumber: head }))));
    // Only crossing an initialized tick changes a V3 pool's active liquidity.
    expect(changed.some(Boolean)).toBe(true);
  });

  it("three hops (AERO → HOP3 goes AERO → HOP1 → HOP2 → HOP3; two uncurated tokens: user-paid)", async () => {
    const { decoded } = await userPaidSwap("AERO", "HOP3", "200");
    expect(decoded.splits.some((s) => s.hops.length === 3)).toBe(true);
  });

  it("a split across pools (a large USDC → WETH)", async () => {
    const { decoded } = await gaslessSwap("USDC", "WETH", "150000");
    expect(decoded.splits.length).toBeGreaterThan(1);
  });

  it("records one executed solve event with the volume", async () => {
    const { partner, result } = await gaslessSwap("USDC", "WETH", "30");
    // Recorded after the answer (the solve answers as soon as its transaction is sent).
    await expect.poll(async () => (await call("/api/v1/usage?event_type=solve", { key: partner.key })).body.events, { timeout: 10_000 }).toHaveLength(1);
    const usage = await call("/api/v1/usage?event_type=solve", { key: partner.key });
    expect(usage.body.events[0]).toMatchObject({ event_type: "solve", is_dry_run: false, is_test: false, chain });
    expect(usage.body.events[0].volume_usd).toBeCloseTo(result.quote.volumeUsd, 2);
  });

  it("a test key's solve is recorded as is_test", async () => {
    const partner = await createPartner({ isTest: true });
    const user = await newUser(chain, "USDC", "30");
    const response = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" }) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    await expect.poll(async () => (await call("/api/v1/usage?event_type=solve", { key: partner.key })).body.events, { timeout: 10_000 })
      .toEqual([expect.objectContaining({ is_test: true, is_dry_run: false })]);
  });

  it("a dry run encodes only: no txHash, the relayers' nonces unchanged, a dry-run event", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "40");
    const before = await relayerNonces(chain);
    const response = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user, symbol: "USDC", amount: "40", to: "WETH", dryRun: true }) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.ok).toBe(true);
    expect(response.body.transaction.txHash).toBeUndefined();
    expect(response.body.transaction).toMatchObject({ value: "0", chain });
    expect(isAddressEqual(response.body.transaction.to, manifestChain(chain).executor!)).toBe(true);
    expect(await relayerNonces(chain)).toEqual(before);
    expect(await balanceOf(chain, "USDC", user.address)).toBe(parseUnits("40", 6));
    const usage = await call("/api/v1/usage?event_type=solve", { key: partner.key });
    expect(usage.body.events).toEqual([expect.objectContaining({ is_dry_run: true, is_test: false })]);
  });

  it("50 concurrent solves from 50 users on one chain are all mined, without nonce errors", async () => {
    const partner = await createPartner();
    const users = await newUsers(chain, "USDC", "25", 50);
    // A partner's key is in the key cache once used; warm it as production traffic would.
    await call("/api/v1/solve", { key: partner.key, body: {} });
    const bodies = await Promise.all(users.map((user) => solveBody({ chain, user, symbol: "USDC", amount: "25", to: "WETH", slippageBps: 500 })));
    const started = Date.now();
    const answers = await Promise.all(bodies.map((body) => call("/api/v1/solve", { key: partner.key, body })));
    const elapsed = Date.now() - started;
    const failures = answers.filter((a) => a.status !== 200).map((a) => a.body.error);
    expect(failures).toEqual([]);
    const hashes = answers.map((a) => a.body.transaction.txHash as `0x${string}`);
    expect(new Set(hashes).size).toBe(50);
    const receipts = await Promise.all(hashes.map((hash) => reader(chain).waitForTransactionReceipt({ hash, timeout: 60_000 })));
    expect(receipts.filter((r) => r.status !== "success")).toEqual([]);
    for (const user of users) expect(await balanceOf(chain, "USDC", user.address)).toBe(0n);
    console.log(`50 concurrent solves: all mined in ${elapsed} ms (request to last txHash)`);
  }, 180_000);
});

describe("the partner helper", () => {
  it("quotes with /route, signs its permit and solves gaslessly", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "50");
    const [nativeBefore] = await nativeBalances(chain, [user.address]);
    const result = await swapWithPermit(connection(partner.key), {
      from: "USDC", to: "WETH", amount: "50", chain, wallet: walletOf(chain, user.account), reader: reader(chain),
    });
    expect(result.solve, JSON.stringify(result.solve)).toMatchObject({ ok: true, transaction: { txHash: expect.stringMatching(/^0x/) } });
    expect(result.userPaid).toBeUndefined();
    if (!result.solve.ok) return;
    await reader(chain).waitForTransactionReceipt({ hash: result.solve.transaction.txHash! });
    expect(await balanceOf(chain, "WETH", user.address)).toBe(BigInt(result.solve.quote.amountOutRaw));
    expect((await nativeBalances(chain, [user.address]))[0]).toBe(nativeBefore);
    expect(token(chain, "WETH").address).toMatch(/^0x/);
  });
});
