/**
 * `swap` trusts only the chain and the request: whoever answers at `baseUrl` (here a local server answering as the
 * test decides) cannot make the wallet approve, sign or send anything but the swap the user asked for. Real chain:
 * the devnet's base, real Permit2, Sluice's executor at its pinned address, real pools. Each hostile answer is an
 * honest one (built as Sluice builds it) with one thing changed; it must throw `SluiceVerificationError` naming that
 * field before the wallet signs or sends anything, leaving the user's nonce, balances and allowances as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeFunctionData, encodeFunctionData, erc20Abi, maxUint256, parseUnits, zeroAddress, type Address, type Hex } from "viem";
import { createSluiceClient, PERMIT2_ADDRESS, DEVNET_EXECUTOR_ADDRESS, SluiceApiError, SluiceVerificationError, signRoutePermit, type SwapParams } from "./index.js";
import { executorSwapWithWitnessAbi } from "./executorAbi.js";
import { startHostileApi, type ApiReply, type HostileApi } from "./testing/hostileApi.js";
import { startSwapDevnet, type CountingWallet, type SwapDevnet } from "./testing/swapDevnet.js";

let bed: SwapDevnet;
let api: HostileApi;
let attacker: CountingWallet;
const sluice = () => createSluiceClient({ baseUrl: api.url, apiKey: "0".repeat(40) });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Sluice's honest answers, each of /route's and /solve's passed through `edit` first (when given). */
function answering(edit: { route?: (answer: Json) => void; solve?: (answer: Json, request: Json) => void | Promise<void> } = {}) {
  api.answer(async (path, body): Promise<ApiReply> => {
    if (path === "/api/v1/route") {
      const reply = await bed.route(body);
      const answer = clone(reply.body) as Json;
      edit.route?.(answer);
      return { status: reply.status, body: answer };
    }
    if (path === "/api/v1/solve") {
      if (edit.solve) {
        const honest = await bed.solve({ ...body, dryRun: true }).catch(() => ({ body: { ok: false, code: "NO_ROUTE", error: "No route" } }));
        const answer = clone(honest.body) as Json;
        await edit.solve(answer, body);
        return { status: answer.ok ? 200 : 422, body: answer };
      }
      return bed.solve(body);
    }
    if (path === "/api/v1/confirm") {
      return { status: 200, body: { ok: true, tracked: true, txHash: body.txHash, chain: body.chain, status: "pending", volumeUsd: 5, confirmations: { current: 1, required: 10 } } };
    }
    return { status: 404, body: { ok: false, error: "Not found", code: "NOT_FOUND" } };
  });
}

/** Runs the swap; it must fail verification on `field` leaving the wallet's chain state as it was. */
async function refused(user: CountingWallet, params: Omit<SwapParams, "walletClient">, field: string, signatures = 0) {
  const before = await bed.holdings(user.address, [PERMIT2_ADDRESS, attacker.address]);
  const attackerBefore = await bed.holdings(attacker.address, []);
  const signedBefore = { ...user.signed };
  api.requests.length = 0;
  const outcome = await sluice().swap({ walletClient: user.walletClient, ...params }).then((result) => result, (error: unknown) => error);
  // Nothing moved: the user's nonce, ETH, balances and allowances (to Permit2 and to the attacker), the attacker's tokens.
  expect(await bed.holdings(user.address, [PERMIT2_ADDRESS, attacker.address])).toEqual(before);
  expect((await bed.holdings(attacker.address, [])).tokens).toEqual(attackerBefore.tokens);
  // Nothing signed (but the honest permit, where the tampering is in /solve's answer), nothing sent to /solve before it.
  expect({ typedData: user.signed.typedData - signedBefore.typedData, transactions: user.signed.transactions - signedBefore.transactions, messages: user.signed.messages - signedBefore.messages })
    .toEqual({ typedData: signatures, transactions: 0, messages: 0 });
  if (signatures === 0) expect(api.requests.map((r) => r.path)).toEqual(["/api/v1/route"]);
  expect(outcome).toBeInstanceOf(SluiceVerificationError);
  expect((outcome as SluiceVerificationError).field).toBe(field);
}

beforeAll(async () => {
  bed = await startSwapDevnet();
  api = await startHostileApi();
  attacker = bed.wallet(5);
  // The victim has approved Permit2 before (a returning user): a permit signature alone moves its tokens.
  const victim = bed.wallet(1);
  for (const symbol of ["USDC", "WETH", "TKA"]) {
    const hash = await victim.walletClient.writeContract({ address: bed.token(symbol).address, abi: erc20Abi, functionName: "approve", args: [PERMIT2_ADDRESS, maxUint256] });
    await bed.client.waitForTransactionReceipt({ hash });
  }
}, 180_000);

afterAll(async () => {
  await api?.close();
  await bed?.stop();
});

const gasless = { from: "USDC", to: "WETH", amount: "250", chain: "base" } as const;
const userPaid = { from: "USDC", to: "WETH", amount: "5", chain: "base" } as const;

describe("swap: a hostile /route permit is refused before anything is approved or signed", () => {
  it("spender: the attacker, for the user's whole balance (Permit2 would let it take everything)", async () => {
    const victim = bed.wallet(1);
    const balance = await bed.client.readContract({ address: bed.token("USDC").address, abi: erc20Abi, functionName: "balanceOf", args: [victim.address] });
    answering({
      route: (a) => { a.permit.message.spender = attacker.address; a.permit.message.permitted.amount = String(balance); },
      // Were it signed, the attacker would spend it at once.
      solve: async (a, request) => { await bed.drain(attacker, request); a.ok = false; a.code = "INTERNAL"; },
    });
    await refused(victim, gasless, "permit.message.spender");
  });

  it("verifyingContract: the attacker (the SDK would approve it to spend the input token)", async () => {
    answering({ route: (a) => { a.permit.domain.verifyingContract = attacker.address; } });
    await refused(bed.wallet(2), gasless, "permit.domain.verifyingContract");
  });

  const variants: [string, string, (a: Json) => void][] = [
    ["domain: another chain's id", "permit.domain.chainId", (a) => { a.permit.domain.chainId = 1; }],
    ["domain: another name", "permit.domain.name", (a) => { a.permit.domain.name = "Permit3"; }],
    ["types: a plain PermitTransferFrom (no witness)", "permit.types", (a) => {
      a.permit.types.PermitWitnessTransferFrom = a.permit.types.PermitWitnessTransferFrom.filter((f: Json) => f.name !== "witness");
    }],
    ["primaryType: another", "permit.primaryType", (a) => { a.permit.primaryType = "PermitTransferFrom"; }],
    ["permitted token: another token the user holds", "permit.message.permitted.token", (a) => { a.permit.message.permitted.token = bed.token("WETH").address; }],
    ["permitted amount: 1000 times the request", "permit.message.permitted.amount", (a) => { a.permit.message.permitted.amount = String(BigInt(a.permit.message.permitted.amount) * 1000n); }],
    ["witness tokenOut: another token", "permit.message.witness.tokenOut", (a) => { a.permit.message.witness.tokenOut = bed.token("TKA").address; }],
    ["witness recipient: the attacker", "permit.message.witness.recipient", (a) => { a.permit.message.witness.recipient = attacker.address; }],
    ["witness minimum: 1 unit", "permit.message.witness.minAmountOut", (a) => { a.permit.message.witness.minAmountOut = "1"; }],
    ["witness minimum: 1 unit below the slippage bound", "permit.message.witness.minAmountOut", (a) => {
      a.permit.message.witness.minAmountOut = String(BigInt(a.permit.message.witness.minAmountOut) - 1n);
    }],
    ["deadline: a year ahead", "permit.message.deadline", (a) => { a.permit.message.deadline = String(Math.floor(Date.now() / 1000) + 365 * 86_400); }],
    ["deadline: already past", "permit.message.deadline", (a) => { a.permit.message.deadline = String(Math.floor(Date.now() / 1000) - 1); }],
    ["witness minimum: zero", "permit.message.witness.minAmountOut", (a) => { a.permit.message.witness.minAmountOut = "0"; }],
  ];
  for (const [name, field, edit] of variants) {
    it(name, async () => {
      answering({ route: edit });
      await refused(bed.wallet(1), gasless, field);
    });
  }

  it("a symbol that is not curated: the answer's token must be the one whose symbol() on chain it is", async () => {
    answering({ route: (a) => { a.permit.message.permitted.token = bed.token("WETH").address; } });
    await refused(bed.wallet(1), { from: "TKA", to: "USDC", amount: "100", chain: "base" }, "permit.message.permitted.token");
  });

  it("the same below the gasless minimum (the /route failure's permit)", async () => {
    answering({ route: (a) => { a.permit.message.spender = attacker.address; } });
    await refused(bed.wallet(1), userPaid, "permit.message.spender");
  });
});

describe("swap, user-paid: a hostile encode-only transaction is refused before the wallet sends it", () => {
  const executorCall = (edit: (args: { owner: Address; data: Hex }) => Hex) => async (a: Json, request: Json) => {
    a.ok = false; a.code = "SWAP_TOO_SMALL"; a.error = "Swap too small";
    a.transaction.data = edit({ owner: request.user as Address, data: a.transaction.data as Hex });
  };
  const reencoded = (changes: (request: Json) => Json) => async (a: Json, request: Json) => {
    const changed = { ...clone(request), ...changes(clone(request)) };
    a.ok = false; a.code = "SWAP_TOO_SMALL"; a.error = "Swap too small";
    a.transaction.data = (await bed.solve({ ...changed, dryRun: true }) as { data: Hex }).data;
  };
  const variants: [string, string, (a: Json, request: Json) => void | Promise<void>][] = [
    ["to: the attacker, with 1 ETH", "transaction.to", (a) => {
      Object.assign(a, { ok: false, code: "SWAP_TOO_SMALL", error: "Swap too small" });
      a.transaction = { ...a.transaction, to: attacker.address, value: String(parseUnits("1", 18)), data: "0x" };
    }],
    ["value: 1 ETH to the executor", "transaction.value", (a) => {
      Object.assign(a, { ok: false, code: "SWAP_TOO_SMALL", error: "Swap too small" });
      a.transaction.value = String(parseUnits("1", 18));
    }],
    ["chain: another", "transaction.chain", (a) => {
      Object.assign(a, { ok: false, code: "SWAP_TOO_SMALL", error: "Swap too small" });
      a.transaction.chain = "ethereum";
    }],
    ["calldata: another function (an ERC-20 transfer to the attacker)", "transaction.data", executorCall(() =>
      encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [attacker.address, 1n] }))],
    ["calldata: extra bytes after the call", "transaction.data", executorCall(({ data }) => `${data}00000000` as Hex)],
    ["calldata: another owner", "transaction.data owner", reencoded(() => ({ user: attacker.address }))],
    ["calldata: another witness recipient", "transaction.data witness.recipient", reencoded((r) => ({ witness: { ...r.witness, recipient: attacker.address } }))],
    ["calldata: another witness minimum", "transaction.data witness.minAmountOut", reencoded((r) => ({ witness: { ...r.witness, minAmountOut: "1" } }))],
    ["calldata: another permit amount", "transaction.data permit.permitted.amount", executorCall(({ data }) => {
      const [permit, ...rest] = decodeFunctionData({ abi: executorSwapWithWitnessAbi, data }).args;
      const args = [{ ...permit, permitted: { ...permit.permitted, amount: permit.permitted.amount * 2n } }, ...rest] as const;
      return encodeFunctionData({ abi: executorSwapWithWitnessAbi, functionName: "swapWithWitness", args });
    })],
    ["calldata: another signature", "transaction.data signature", reencoded(() => ({ signature: `0x${"11".repeat(65)}` }))],
  ];
  for (const [name, field, edit] of variants) {
    it(name, async () => {
      answering({ solve: edit });
      // The permit was verified and signed (what /solve takes); nothing is sent.
      await refused(bed.wallet(1), userPaid, field, 1);
    });
  }

  it("a dry run sends nothing, even when the answer asks the wallet to send", async () => {
    const victim = bed.wallet(1);
    answering({ solve: (a) => { Object.assign(a, { ok: false, code: "SWAP_TOO_SMALL", error: "Swap too small" }); } });
    const nonce = await bed.client.getTransactionCount({ address: victim.address });
    const outcome = await sluice().swap({ walletClient: victim.walletClient, ...userPaid, dryRun: true }).catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(SluiceApiError);
    expect(victim.signed.transactions).toBe(0);
    expect(await bed.client.getTransactionCount({ address: victim.address })).toBe(nonce);
  });
});

describe("swap: the executor is the client's to know", () => {
  it("a client of a deployment without `executor` refuses to swap before asking the API anything", async () => {
    const requests: string[] = [];
    const remote = createSluiceClient({
      baseUrl: "https://api.sluice.example", apiKey: "0".repeat(40),
      fetch: async (input) => { requests.push(String(input)); return new Response("{}", { status: 500 }); },
    });
    const user = bed.wallet(1);
    const error = await remote.swap({ ...gasless, walletClient: user.walletClient }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SluiceVerificationError);
    expect((error as SluiceVerificationError).field).toBe("executor");
    expect(requests).toEqual([]);
  });
});

describe("swap: honest answers still work", () => {
  it("the devnet's executor is the SDK's pinned one", () => {
    expect(bed.executor).toBe(DEVNET_EXECUTOR_ADDRESS);
  });

  it("gasless: approves Permit2 once, signs, and Sluice's relayer swaps", async () => {
    answering();
    const user = bed.wallet(3);
    const weth = await bed.holdings(user.address, [PERMIT2_ADDRESS]);
    const result = await sluice().swap({ walletClient: user.walletClient, ...gasless });
    expect(result).toMatchObject({ status: "executed", mode: "gasless" });
    expect(result.approvalTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(user.signed).toEqual({ typedData: 1, transactions: 1, messages: 0 });
    const after = await bed.holdings(user.address, [PERMIT2_ADDRESS]);
    expect(weth.tokens.find((t) => t.symbol === "USDC")!.balance - after.tokens.find((t) => t.symbol === "USDC")!.balance).toBe(parseUnits("250", 6));
    expect(after.tokens.find((t) => t.symbol === "WETH")!.balance).toBeGreaterThan(weth.tokens.find((t) => t.symbol === "WETH")!.balance);
  });

  it("user-paid: the wallet sends the executor's swap of what it signed, and it executes", async () => {
    answering();
    const user = bed.wallet(4);
    const result = await sluice().swap({ walletClient: user.walletClient, ...userPaid });
    expect(result).toMatchObject({ status: "executed", mode: "user-paid", confirmation: { ok: true } });
    if (result.status !== "executed") throw new Error("unreachable");
    expect(result.receipt.status).toBe("success");
    expect(result.receipt.to?.toLowerCase()).toBe(DEVNET_EXECUTOR_ADDRESS.toLowerCase());
    expect(user.signed).toEqual({ typedData: 1, transactions: 2, messages: 0 });
    // Sent with headroom over the estimate (25 %): with the bare estimate, a pair's first trade in a new second (its
    // price accumulators written, about 10,000 gas more than estimated in the second before) ran out of gas.
    const sent = await bed.client.getTransaction({ hash: result.txHash });
    expect(sent.gas).toBeGreaterThanOrEqual((result.receipt.gasUsed * 120n) / 100n);
  });

  it("a token named by a symbol that is not curated, when the chain agrees (dry run)", async () => {
    answering();
    const result = await sluice().swap({ walletClient: bed.wallet(1).walletClient, from: "TKA", to: "USDC", amount: "100", chain: "base", dryRun: true });
    expect(result.status).toBe("dry-run");
  });

  it("signRoutePermit signs an honest permit and refuses another spender unsigned", async () => {
    const user = bed.wallet(6);
    const answer = (await bed.route({ ...gasless, user: user.address })).body as Json;
    const expected = {
      chain: "base" as const, tokenIn: bed.token("USDC").address, amountIn: parseUnits("250", 6), tokenOut: bed.token("WETH").address,
      minAmountOut: (BigInt(answer.quote.amountOutRaw) * 9995n) / 10_000n, executor: DEVNET_EXECUTOR_ADDRESS,
    };
    const signed = await signRoutePermit(user.walletClient, answer.permit, expected);
    expect(signed.signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(signed.witness).toMatchObject({ minAmountOut: answer.permit.message.witness.minAmountOut });
    const foreign = clone(answer.permit);
    foreign.message.spender = attacker.address;
    await expect(signRoutePermit(user.walletClient, foreign, expected)).rejects.toThrow(SluiceVerificationError);
    await expect(signRoutePermit(user.walletClient, answer.permit, { ...expected, executor: zeroAddress })).rejects.toThrow(/permit.message.spender/);
    expect(user.signed.typedData).toBe(1);
  });
});
