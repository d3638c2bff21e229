/**
 * Status is what the chains say: each lie a bridge protocol could tell about a real deposit, checked against the
 * devnet's chains (its real SpokePools) by the same function /bridge/status uses, and through the route itself.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createWalletClient, erc20Abi, http, pad, parseAbi, parseEventLogs, type Hash, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainById, createChainClient, fundsDepositedAbi, relayHashOf, verifyDepositStatus, type BridgeDeposit } from "@sluice/core";
import {
  acrossControl, ARBITRUM, BASE, bridgeToken, call, createPartner, hold, mineBlocks, newWallet, publicClient, quoteBody, sendQuoteTransactions,
  waitForStatus, type Wallet,
} from "@sluice/testkit";

const clientFor = (chainId: number) => {
  const chain = chainById(chainId)!;
  return createChainClient({ chain: chain.name, deployment: { rpcUrl: inject("stack").manifest.chains[chain.name].rpcUrl, executor: null, relayers: [] } });
};

const spokePoolAbi = parseAbi([
  "struct V3RelayData { bytes32 depositor; bytes32 recipient; bytes32 exclusiveRelayer; bytes32 inputToken; bytes32 outputToken; uint256 inputAmount; uint256 outputAmount; uint256 originChainId; uint256 depositId; uint32 fillDeadline; uint32 exclusivityDeadline; bytes message; }",
  "function fillRelay(V3RelayData relayData, uint256 repaymentChainId, bytes32 repaymentAddress)",
  "function fillRelayWithUpdatedDeposit(V3RelayData relayData, uint256 repaymentChainId, bytes32 repaymentAddress, uint256 updatedOutputAmount, bytes32 updatedRecipient, bytes updatedMessage, bytes depositorSignature)",
  "function getV3RelayHash(V3RelayData relayData) view returns (bytes32)",
]);

type RelayData = {
  depositor: Hex; recipient: Hex; exclusiveRelayer: Hex; inputToken: Hex; outputToken: Hex; inputAmount: bigint; outputAmount: bigint;
  originChainId: bigint; depositId: bigint; fillDeadline: number; exclusivityDeadline: number; message: Hex;
};

/** The relay data the origin's FundsDeposited event of a deposit transaction names. */
async function relayDataOf(depositTx: Hash): Promise<RelayData> {
  const receipt = await publicClient(BASE).getTransactionReceipt({ hash: depositTx });
  const [event] = parseEventLogs({ abi: fundsDepositedAbi, eventName: "FundsDeposited", logs: receipt.logs });
  const a = event!.args;
  return {
    depositor: a.depositor, recipient: a.recipient, exclusiveRelayer: a.exclusiveRelayer, inputToken: a.inputToken, outputToken: a.outputToken,
    inputAmount: a.inputAmount, outputAmount: a.outputAmount, originChainId: BigInt(BASE), depositId: a.depositId,
    fillDeadline: a.fillDeadline, exclusivityDeadline: a.exclusivityDeadline, message: a.message,
  };
}

/** Anyone can call the destination SpokePool's fillRelay with relay data of their choosing. */
async function fillOnArbitrum(wallet: Wallet, relayData: RelayData): Promise<Hash> {
  const spokePool = chainById(ARBITRUM)!.spokePool;
  const client = createWalletClient({ account: privateKeyToAccount(wallet.key), chain: publicClient(ARBITRUM).chain, transport: http() });
  if (relayData.outputAmount > 0n) {
    const approved = await client.writeContract({ address: bridgeToken(ARBITRUM, "USDC"), abi: erc20Abi, functionName: "approve", args: [spokePool, relayData.outputAmount] });
    await publicClient(ARBITRUM).waitForTransactionReceipt({ hash: approved });
  }
  const hash = await client.writeContract({ address: spokePool, abi: spokePoolAbi, functionName: "fillRelay", args: [relayData, BigInt(ARBITRUM), pad(wallet.address)] });
  expect((await publicClient(ARBITRUM).waitForTransactionReceipt({ hash })).status).toBe("success");
  return hash;
}

/**
 * A fill with the depositor's signed update of its deposit (what `speedUpDeposit` announces): the SpokePool checks the
 * depositor's EIP-712 signature (domain "ACROSS-V2" 1.0.0 on the origin chain) and pays the updated terms.
 */
async function fillUpdatedOnArbitrum(wallet: Wallet, depositor: Wallet, relayData: RelayData, update: { recipient: Hex; outputAmount: bigint; message: Hex }): Promise<Hash> {
  const spokePool = chainById(ARBITRUM)!.spokePool;
  const signature = await privateKeyToAccount(depositor.key).signTypedData({
    domain: { name: "ACROSS-V2", version: "1.0.0", chainId: Number(relayData.originChainId) },
    types: {
      UpdateDepositDetails: [
        { name: "depositId", type: "uint256" }, { name: "originChainId", type: "uint256" }, { name: "updatedOutputAmount", type: "uint256" },
        { name: "updatedRecipient", type: "bytes32" }, { name: "updatedMessage", type: "bytes" },
      ],
    },
    primaryType: "UpdateDepositDetails",
    message: {
      depositId: relayData.depositId, originChainId: relayData.originChainId, updatedOutputAmount: update.outputAmount,
      updatedRecipient: update.recipient, updatedMessage: update.message,
    },
  });
  const client = createWalletClient({ account: privateKeyToAccount(wallet.key), chain: publicClient(ARBITRUM).chain, transport: http() });
  const approved = await client.writeContract({ address: bridgeToken(ARBITRUM, "USDC"), abi: erc20Abi, functionName: "approve", args: [spokePool, update.outputAmount] });
  await publicClient(ARBITRUM).waitForTransactionReceipt({ hash: approved });
  const hash = await client.writeContract({
    address: spokePool, abi: spokePoolAbi, functionName: "fillRelayWithUpdatedDeposit",
    args: [relayData, BigInt(ARBITRUM), pad(wallet.address), update.outputAmount, update.recipient, update.message, signature],
  });
  expect((await publicClient(ARBITRUM).waitForTransactionReceipt({ hash })).status).toBe("success");
  return hash;
}

/** Mines on the destination until its clock is past `deadline` (an idle anvil's clock stands still). */
async function passDeadline(deadline: number) {
  for (;;) {
    await publicClient(ARBITRUM).request({ method: "evm_mine" as never, params: [] as never });
    if ((await publicClient(ARBITRUM).getBlock()).timestamp > BigInt(deadline)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

let partnerKey: string;
let filled: BridgeDeposit;
let filledDepositor: Wallet;
/**
 * Deposits the devnet relayer leaves unfilled (20 s fill window): D is filled by the test itself, E never, F with its
 * depositor's signed update.
 */
let held: { user: Wallet; d: Hash; e: Hash; f: Hash; dRelay: RelayData; eRelay: RelayData; fRelay: RelayData };
let filler: Wallet;

beforeAll(async () => {
  const partner = await createPartner();
  partnerKey = partner.key;
  const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 20_000_000n });
  const quoted = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address, { amount: "5000000" }) });
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
  const depositTx = await sendQuoteTransactions(user, quoted.body.quote);
  filledDepositor = user;
  filled = { ...(await waitForStatus(partner.key, depositTx, "filled")), originChainId: BASE };
  // The chain can show the fill before the protocol names its transaction: Sluice then names the one the destination
  // shows.
  expect(filled.fillTx).toMatch(/^0x[0-9a-f]{64}$/);

  filler = await newWallet({ chainId: ARBITRUM, symbol: "USDC", amount: 20_000_000n });
  const heldUser = await newWallet({ chainId: BASE, symbol: "USDC", amount: 20_000_000n });
  await hold(heldUser.address);
  // Straight from the devnet's Across API: these deposits' 20 s fill windows are for status, not for Sluice's quote
  // validation (which asks relayers for a longer window).
  const deposit = async (amount: string) => {
    const { acrossApiUrl, acrossApiKey } = inject("stack");
    const query = new URLSearchParams({
      amount, inputToken: bridgeToken(BASE, "USDC"), outputToken: bridgeToken(ARBITRUM, "USDC"), originChainId: String(BASE),
      destinationChainId: String(ARBITRUM), depositor: heldUser.address, recipient: heldUser.address, tradeType: "exactInput",
      appFee: "0.001", appFeeRecipient: filler.address,
    });
    const answer = await fetch(`${acrossApiUrl}/swap/approval?${query}`, { headers: { authorization: `Bearer ${acrossApiKey}` } });
    const body = await answer.json() as { approvalTxns?: { chainId: number; to: string; data: string }[]; swapTx: { chainId: number; to: string; data: string; value?: string } };
    expect(answer.status, JSON.stringify(body)).toBe(200);
    return sendQuoteTransactions(heldUser, { approvalTxns: body.approvalTxns ?? [], swapTx: { ...body.swapTx, value: body.swapTx.value ?? "0" } });
  };
  const d = await deposit("5000000");
  const e = await deposit("6000000");
  const f = await deposit("4000000");
  held = { user: heldUser, d, e, f, dRelay: await relayDataOf(d), eRelay: await relayDataOf(e), fRelay: await relayDataOf(f) };
}, 120_000);

async function verdict(hint: Partial<BridgeDeposit>, options: { confirmations?: number; originConfirmations?: number } = {}) {
  const logged: string[] = [];
  const result = await verifyDepositStatus({
    hint: { ...filled, ...hint }, originChainId: BASE, clientFor, log: (m) => logged.push(m),
    confirmationsFor: (chainId) => (chainId === BASE ? options.originConfirmations : undefined) ?? options.confirmations ?? 1,
  });
  return { result, logged };
}

const heldHint = (tx: Hash, relay: RelayData, hint: Partial<BridgeDeposit>): Partial<BridgeDeposit> =>
  ({ depositTxHash: tx, depositId: relay.depositId.toString(), fillTx: null, refundTx: null, status: "pending", ...hint });

describe("bridge status against the chains", () => {
  it("an honest fill is filled, with its fill transaction", async () => {
    const { result, logged } = await verdict({});
    expect(result).toMatchObject({ status: "filled", fillTx: filled.fillTx, destinationChainId: ARBITRUM });
    expect(logged).toEqual([]);
  });

  it("a fill of terms the depositor updated after the deposit (signed: another recipient, no message) is filled as the chain shows, flagged as not the quoted payout", async () => {
    const update = { recipient: pad(filler.address), outputAmount: held.fRelay.outputAmount, message: "0x" as Hex };
    const fillTx = await fillUpdatedOnArbitrum(filler, held.user, held.fRelay, update);
    const named = await verdict(heldHint(held.f, held.fRelay, { status: "filled", fillTx }));
    expect(named.result).toMatchObject({ status: "filled", fillTx, fillUpdated: true });
    expect(named.logged.join("\n")).toMatch(/terms its depositor updated after the deposit/);
    // Not named by the hint: found on the destination, flagged the same.
    expect((await verdict(heldHint(held.f, held.fRelay, {}))).result).toMatchObject({ status: "filled", fillTx, fillUpdated: true });
    // The honest fill is not flagged.
    expect((await verdict({})).result.fillUpdated).toBeUndefined();
  });

  it("Sluice's relay hash is the destination SpokePool's", async () => {
    const onChain = await publicClient(ARBITRUM).readContract({ address: chainById(ARBITRUM)!.spokePool, abi: spokePoolAbi, functionName: "getV3RelayHash", args: [held.dRelay] });
    expect(relayHashOf({ relayData: held.dRelay, destinationChainId: ARBITRUM })).toBe(onChain);
  });

  it("a fill not yet the destination's confirmation depth deep is pending", async () => {
    const { result } = await verdict({}, { confirmations: 1_000_000 });
    expect(result).toMatchObject({ status: "pending", fillTx: null });
  });

  it("a FilledRelay with the deposit's id and depositor but other terms (0 out, to another recipient) is not a fill", async () => {
    const forged = await fillOnArbitrum(filler, { ...held.dRelay, outputAmount: 0n, recipient: pad(filler.address), exclusiveRelayer: pad(filler.address) });
    const { result, logged } = await verdict(heldHint(held.d, held.dRelay, { status: "filled", fillTx: forged }));
    expect(result).toMatchObject({ status: "pending", fillTx: null });
    expect(logged.join()).toMatch(/not filled/);
  });

  it("through the route: an answer naming another deposit is an upstream error, never that deposit's status", async () => {
    await acrossControl("status-answer", {
      depositTxnRef: held.d,
      answer: { status: "filled", depositId: filled.depositId, depositTxHash: filled.depositTxHash, depositTxnRef: filled.depositTxHash, fillTx: filled.fillTx, fillTxnRef: filled.fillTx },
    });
    try {
      const lied = await call(`/api/v1/bridge/status?depositTxnRef=${held.d}`, { key: partnerKey });
      expect(lied).toMatchObject({ status: 502, body: { ok: false, code: "UPSTREAM_ERROR" } });
      // Another deposit id in the same transaction's answer is refused as well.
      await acrossControl("status-answer", { depositTxnRef: held.d, answer: { depositId: held.eRelay.depositId.toString() } });
      expect(await call(`/api/v1/bridge/status?depositTxnRef=${held.d}`, { key: partnerKey })).toMatchObject({ status: 502, body: { code: "UPSTREAM_ERROR" } });
      // No deposit id in the answer: the deposit the queried transaction holds.
      await acrossControl("status-answer", { depositTxnRef: held.d, answer: { depositId: null } });
      const bare = await call(`/api/v1/bridge/status?depositTxnRef=${held.d}`, { key: partnerKey });
      expect(bare).toMatchObject({ status: 200, body: { deposit: { status: "pending", depositId: held.dRelay.depositId.toString(), depositTxHash: held.d } } });
    } finally {
      await acrossControl("status-answer", { depositTxnRef: held.d, answer: null });
    }
  });

  it("through the route: a fill the protocol has not named yet is answered with the destination's own fill transaction", async () => {
    await acrossControl("status-answer", { depositTxnRef: filled.depositTxHash, answer: { status: "pending", fillTx: null, fillTxnRef: null } });
    try {
      const answered = await call(`/api/v1/bridge/status?depositTxnRef=${filled.depositTxHash}`, { key: partnerKey });
      expect(answered).toMatchObject({ status: 200, body: { deposit: { status: "filled", fillTx: filled.fillTx } } });
    } finally {
      await acrossControl("status-answer", { depositTxnRef: filled.depositTxHash, answer: null });
    }
  });

  it("through the route: a deposit the protocol does not know is what the chains show for the account tracking it, by transaction or by id, unknown to others", async () => {
    await acrossControl("status-answer", { depositTxnRef: filled.depositTxHash, answer: "not-found" });
    try {
      const ask = (key: string) => call(`/api/v1/bridge/status?depositTxnRef=${filled.depositTxHash}`, { key });
      const askById = (key: string, depositId = filled.depositId) => call(`/api/v1/bridge/status?originChainId=${BASE}&depositId=${depositId}`, { key });
      // Nobody tracks it yet: the protocol's not-found stands.
      expect(await ask(partnerKey)).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
      expect(await askById(partnerKey)).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
      const tracked = await call("/api/v1/bridge/track", {
        key: partnerKey,
        body: {
          originChainId: BASE, destinationChainId: ARBITRUM, depositor: filledDepositor.address, recipient: filledDepositor.address,
          inputToken: bridgeToken(BASE, "USDC"), outputToken: bridgeToken(ARBITRUM, "USDC"), amountInRaw: "5000000", expectedOutRaw: "1",
          quoteId: "q", originTxHash: filled.depositTxHash,
        },
      });
      expect(tracked, JSON.stringify(tracked.body)).toMatchObject({ status: 200, body: { ok: true } });
      const answered = { status: 200, body: { deposit: { status: "filled", depositId: filled.depositId, depositTxHash: filled.depositTxHash, fillTx: filled.fillTx } } };
      expect(await ask(partnerKey)).toMatchObject(answered);
      expect(await askById(partnerKey)).toMatchObject(answered);
      // Another id of the same chain is not this deposit: the protocol's not-found stands for it.
      expect(await askById(partnerKey, String(BigInt(filled.depositId) + 1000n))).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
      // Another account learns nothing from it.
      const other = (await createPartner()).key;
      expect(await ask(other)).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
      expect(await askById(other)).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    } finally {
      await acrossControl("status-answer", { depositTxnRef: filled.depositTxHash, answer: null });
    }
  });

  it("through the route: a tracked deposit is what the chains show when the protocol refuses the lookup (429, 401) or names a malformed deposit id; untracked, an upstream error", async () => {
    // The account tracks this deposit since the test above.
    const answered = { status: 200, body: { deposit: { status: "filled", depositId: filled.depositId, depositTxHash: filled.depositTxHash, fillTx: filled.fillTx } } };
    const other = (await createPartner()).key;
    try {
      for (const answer of ["status 429", "status 401", { status: "pending", depositId: "x1" }, { status: "pending", depositId: 1.2e21 }]) {
        await acrossControl("status-answer", { depositTxnRef: filled.depositTxHash, answer });
        expect(await call(`/api/v1/bridge/status?depositTxnRef=${filled.depositTxHash}`, { key: partnerKey }), JSON.stringify(answer)).toMatchObject(answered);
        expect(await call(`/api/v1/bridge/status?originChainId=${BASE}&depositId=${filled.depositId}`, { key: partnerKey }), JSON.stringify(answer)).toMatchObject(answered);
        expect(await call(`/api/v1/bridge/status?depositTxnRef=${filled.depositTxHash}`, { key: other }), JSON.stringify(answer))
          .toMatchObject({ status: 502, body: { ok: false, code: "UPSTREAM_ERROR" } });
      }
    } finally {
      await acrossControl("status-answer", { depositTxnRef: filled.depositTxHash, answer: null });
    }
  });

  it("'expired' before the fill deadline has passed on the destination is not expired", async () => {
    const { result, logged } = await verdict(heldHint(held.e, held.eRelay, { status: "expired" }));
    expect(result.status).toBe("pending");
    expect(logged.join()).toMatch(/has not passed/);
  });

  it("a fill the destination shows is filled whatever the hint; a hinted transaction that is not the fill is replaced by the chain's", async () => {
    const fillTx = await fillOnArbitrum(filler, held.dRelay);
    expect((await verdict(heldHint(held.d, held.dRelay, { status: "filled", fillTx }))).result).toMatchObject({ status: "filled", fillTx });
    const { result, logged } = await verdict(heldHint(held.d, held.dRelay, { status: "filled", fillTx: held.d }));
    expect(result).toMatchObject({ status: "filled", fillTx });
    expect(logged.join()).toMatch(/not this deposit's fill/);
    // No transaction named at all, the hint still pending: the destination's own fill.
    expect((await verdict(heldHint(held.d, held.dRelay, { status: "pending" }))).result).toMatchObject({ status: "filled", fillTx });
  });

  it("past the deadline: an unfilled deposit is expired whatever the hint, a filled one is never expired", async () => {
    await passDeadline(Math.max(held.dRelay.fillDeadline, held.eRelay.fillDeadline));
    expect((await verdict(heldHint(held.e, held.eRelay, { status: "pending" }))).result.status).toBe("expired");
    expect((await verdict(heldHint(held.d, held.dRelay, { status: "expired" }))).result.status).toBe("filled");
    expect((await verdict(heldHint(held.d, held.dRelay, { status: "pending" }))).result.status).toBe("filled");
  });

  it("'refunded' needs this deposit's refund, at depth, of a deposit that was not filled", async () => {
    const refundTx = (await waitForStatus(partnerKey, held.e, "refunded", 40_000, { mineOn: ARBITRUM })).refundTx as Hash;
    expect((await verdict(heldHint(held.e, held.eRelay, { status: "refunded", refundTx }))).result).toMatchObject({ status: "refunded", refundTx });
    // The deposit itself not yet at the origin's depth: nothing is settled.
    expect((await verdict(heldHint(held.e, held.eRelay, { status: "refunded", refundTx }), { originConfirmations: 1_000_000 })).result.status).toBe("pending");
    // The deposit deep enough, the same refund at a depth the origin does not have yet.
    const [head, refundReceipt] = await Promise.all([publicClient(BASE).getBlockNumber({ cacheTime: 0 }), publicClient(BASE).getTransactionReceipt({ hash: refundTx })]);
    const refundDepth = Number(head - refundReceipt.blockNumber) + 1;
    expect((await verdict(heldHint(held.e, held.eRelay, { status: "refunded", refundTx }), { originConfirmations: refundDepth + 1 })).result.status).toBe("expired");
    // A transaction that refunded nothing: the origin's own logs name the refund instead.
    const misnamed = await verdict(heldHint(held.e, held.eRelay, { status: "refunded", refundTx: held.d }));
    expect(misnamed.result).toMatchObject({ status: "refunded", refundTx });
    expect(misnamed.logged.join()).toMatch(/the origin shows its refund/);
    // A protocol that keeps answering `expired` (or `pending`), naming no refund, cannot hide it.
    expect((await verdict(heldHint(held.e, held.eRelay, { status: "expired" }))).result).toMatchObject({ status: "refunded", refundTx });
    expect((await verdict(heldHint(held.e, held.eRelay, { status: "pending" }))).result).toMatchObject({ status: "refunded", refundTx });
    // Another deposit's refund, for a deposit that was filled before its deadline.
    expect((await verdict(heldHint(held.d, held.dRelay, { status: "refunded", refundTx }))).result).toMatchObject({ status: "filled", refundTx: null });
  }, 60_000);

  it("another destination in the hint does not change the deposit's own", async () => {
    const { result } = await verdict({ destinationChainId: 137 });
    expect(result.destinationChainId).toBe(ARBITRUM);
  });

  it("a fill more than 2,000 blocks under the destination's head, which the protocol does not name, is still filled", async () => {
    // 2,100 blocks, a few hundred per request (the devnet's node mines them slowly).
    for (let i = 0; i < 7; i++) await mineBlocks(ARBITRUM, 300);
    const { result } = await verdict({ status: "pending", fillTx: null });
    expect(result).toMatchObject({ status: "filled", fillTx: filled.fillTx });
  }, 180_000);

  it("a deposit the origin chain does not show is not found", async () => {
    await expect(verdict({ depositTxHash: `0x${"ab".repeat(32)}` })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // A deposit id the deposit transaction does not hold: the protocol's answer is about something else.
    await expect(verdict({ depositId: "999999999" })).rejects.toMatchObject({ code: "UPSTREAM_ERROR" });
  });
});

