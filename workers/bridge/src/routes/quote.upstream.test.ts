/**
 * A malicious upstream of the test's own: an HTTP server in this test answers `/swap/approval` with answers shaped
 * exactly as Across' app API shapes them (core's `buildAcrossSwapApproval`, from the devnet's chain state), each
 * with one subtle change. The local Across API relays a depositor's quotes to it (`/devnet/upstream`), so the
 * stack's bridge worker talks to it as to Across. Honest shapes must be served; every change must be refused.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeFunctionData, erc20Abi, getAddress, zeroAddress, type Address, type Hex } from "viem";
import {
  ACROSS_MULTICALL_HANDLER, buildAcrossSwapApproval, chainById, findBridgeToken,
  type BuildAcrossSwapApprovalParameters,
} from "@sluice/core";
import { acrossControl, BASE, call, createPartner, newWallet, publicClient, quoteBody, type Partner } from "@sluice/testkit";

type Answer = ReturnType<typeof buildAcrossSwapApproval>;
type Lie = { change?: (p: BuildAcrossSwapApprovalParameters) => Partial<BuildAcrossSwapApprovalParameters>; edit?: (a: Answer) => void };

const stranger: Address = "0x5742000000000000000000000000000000005742";
const lies = new Map<string, Lie>();
let server: Server;
let partner: Partner;

async function answer(query: URLSearchParams): Promise<Answer> {
  const origin = Number(query.get("originChainId"));
  const destination = Number(query.get("destinationChainId"));
  const inputToken = findBridgeToken(origin, query.get("inputToken")!)!;
  const outputToken = findBridgeToken(destination, query.get("outputToken")!)!;
  const depositor = getAddress(query.get("depositor")!);
  const client = publicClient(origin);
  const spokePool = chainById(origin)!.spokePool;
  const [block, allowance, balance] = await Promise.all([
    client.getBlock(),
    client.readContract({ address: inputToken.address, abi: erc20Abi, functionName: "allowance", args: [depositor, spokePool] }),
    client.readContract({ address: inputToken.address, abi: erc20Abi, functionName: "balanceOf", args: [depositor] }),
  ]);
  const now = Number(block.timestamp);
  const [whole, fraction = ""] = query.get("appFee")!.split(".");
  const view = (t: typeof inputToken) => ({ address: t.address, chainId: t.chainId, decimals: t.decimals, symbol: t.symbol });
  const base: BuildAcrossSwapApprovalParameters = {
    tradeType: (query.get("tradeType") ?? "exactInput") as BuildAcrossSwapApprovalParameters["tradeType"],
    amount: BigInt(query.get("amount")!), inputToken: view(inputToken), outputToken: view(outputToken), spokePool,
    multicallHandler: ACROSS_MULTICALL_HANDLER, depositor, recipient: getAddress(query.get("recipient") ?? depositor),
    refundAddress: query.get("refundAddress") ? getAddress(query.get("refundAddress")!) : undefined,
    refundOnOrigin: query.get("refundOnOrigin") === "true", integratorId: (query.get("integratorId") ?? undefined) as Hex | undefined,
    appFeeWad: BigInt(whole!) * 10n ** 18n + BigInt(fraction.padEnd(18, "0")), appFeeRecipient: getAddress(query.get("appFeeRecipient")!),
    relayFee: (input) => ({ lp: input / 10_000n, relayerCapital: (input * 3n) / 10_000n, destinationGas: 1_234n }),
    quoteTimestamp: now, fillDeadline: Math.max(now, Math.floor(Date.now() / 1000)) + 7200, exclusiveRelayer: zeroAddress,
    exclusivityDeadline: 0, expectedFillTime: 2, allowance, balance,
    originNative: { chainId: origin, symbol: "ETH", decimals: 18 }, destinationNative: { chainId: destination, symbol: "ETH", decimals: 18 },
    prices: { input: 1, output: 1, originNative: 3000, destinationNative: 3000 },
  };
  const lie = lies.get(depositor.toLowerCase()) ?? {};
  const built = buildAcrossSwapApproval({ ...base, ...lie.change?.(base) });
  lie.edit?.(built);
  return built;
}

beforeAll(async () => {
  partner = await createPartner({ rateLimitPerMinute: 1000 });
  server = createServer((request, response) => {
    answer(new URL(request.url ?? "/", "http://127.0.0.1").searchParams)
      .then((body) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body)))
      .catch((error: Error) => response.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ message: error.message })));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => { await new Promise((resolve) => server.close(resolve)); });

async function quoteThrough(lie: Lie, { funded = false, body = {} }: { funded?: boolean; body?: Record<string, unknown> } = {}) {
  const user = await newWallet(funded ? { chainId: BASE, symbol: "USDC", amount: 100_000_000n } : undefined);
  lies.set(user.address.toLowerCase(), lie);
  await acrossControl("upstream", { depositor: user.address, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  return { user, response: await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address, body) }) };
}

const approve = (spender: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] });

describe("POST /api/v1/bridge/quote against a malicious upstream of the test's own", () => {
  it.each<[string, Record<string, unknown>, Lie]>([
    ["exact input with fees", {}, {}],
    ["exact input without fees", {}, { change: () => ({ prices: undefined }) }],
    ["min output", { tradeType: "minOutput" }, {}],
    ["exact output", { tradeType: "exactOutput" }, {}],
  ])("serves the honest real shape: %s, with Sluice's exact approval instead of Across' unlimited one", async (_name, body, lie) => {
    const { response } = await quoteThrough(lie, { funded: true, body });
    expect(response.status).toBe(200);
    const quote = response.body.quote;
    expect(quote.approvalTxns).toEqual([{ chainId: BASE, to: findBridgeToken(BASE, "USDC")!.address, data: approve(chainById(BASE)!.spokePool, BigInt(quote.inputAmount)) }]);
    expect(quote.fees.destinationGas.amount).toBe("1234");
    expect(BigInt(quote.fees.bridgeTotal.amount)).toBeGreaterThan(0n);
  });

  it("an answer without a fee breakdown shows the unknown parts as null, never as a made-up 0; the total is the deposit's own", async () => {
    const { response } = await quoteThrough({ edit: (a) => { Reflect.deleteProperty(a, "fees"); if (a.steps?.bridge) Reflect.deleteProperty(a.steps.bridge, "fees"); } }, { funded: true });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { fees } = response.body.quote;
    expect([fees.relayer.amount, fees.lp.amount, fees.destinationGas.amount]).toEqual([null, null, null]);
    expect(BigInt(fees.bridgeTotal.amount)).toBeGreaterThan(0n);
  });

  it("answers the depositor's balance read on the origin chain, not the upstream's claim", async () => {
    const { response } = await quoteThrough({ edit: (a) => { a.checks.balance.actual = "999999999999999"; } }, { funded: true });
    expect(response.status).toBe(200);
    expect(response.body.quote.checks.balance).toEqual({ token: findBridgeToken(BASE, "USDC")!.address, balance: "100000000", expected: "25000000" });
  });

  const skimmed = (p: BuildAcrossSwapApprovalParameters) => ({ appFeeWad: p.appFeeWad / 2n });
  it.each<[string, Record<string, unknown>, Lie, RegExp]>([
    ["a skimmed app fee", {}, { change: skimmed }, /app fee is \d+ base units, not 10 bps of the output/],
    ["a zero app fee", {}, { change: () => ({ appFeeWad: 0n }) }, /app fee is 0 base units/],
    ["the fee to a stranger", {}, { change: () => ({ appFeeRecipient: stranger }) }, /app fee is paid to/],
    ["an output 30 % lower", {}, { change: () => ({ relayFee: (input) => ({ lp: 0n, relayerCapital: (input * 30n) / 100n, destinationGas: 0n }) }) }, /maximum of 300 bps/],
    ["an exact output charging twice", { tradeType: "exactOutput" }, { change: () => ({ relayFee: (input) => ({ lp: 0n, relayerCapital: input / 2n, destinationGas: 0n }) }) }, /maximum of 300 bps/],
    ["the allowance check naming a stranger", {}, { edit: (a) => { a.checks.allowance.spender = stranger; } }, /allowance check names spender/],
    ["an approval of 1000× the input", {}, { edit: (a) => { a.approvalTxns![0]!.data = approve(a.swapTx.to as Address, BigInt(a.inputAmount) * 1000n); } }, /neither the deposit's/],
    ["three approvals", {}, { edit: (a) => { a.approvalTxns = [a.approvalTxns![0]!, a.approvalTxns![0]!, a.approvalTxns![0]!]; } }, /3 approvals/],
    ["exclusivity beyond the fill deadline", {}, { change: (p) => ({ exclusiveRelayer: stranger, exclusivityDeadline: p.fillDeadline + 3600 }) }, /outlasts the fill deadline/],
    ["a fill window of seconds", {}, { change: (p) => ({ fillDeadline: p.quoteTimestamp + 5 }) }, /s to fill, less than 15 s|fill deadline has already passed/],
    ["a quote time about to leave the window", {}, { change: (p) => ({ quoteTimestamp: p.quoteTimestamp - 3300 }) }, /about to leave the SpokePool's window/],
    ["an expiry years ahead", {}, { edit: (a) => { a.quoteExpiryTimestamp += 3 * 365 * 86_400; } }, /quote expiry/],
    ["an expiry in milliseconds", {}, { edit: (a) => { a.quoteExpiryTimestamp *= 1000; } }, /quote expiry/],
    ["another integrator id", {}, { change: () => ({ integratorId: "0xbeef" }) }, /integrator id 0xbeef/],
    ["no integrator id", {}, { change: () => ({ integratorId: undefined }) }, /integrator id none/],
    ["the output drained to the zero address", {}, { change: () => ({ recipient: zeroAddress }) }, /drains the output to 0x0+, not to the requested/],
    ["an understated bridge fee", {}, { edit: (a) => { a.fees!.total.details.bridge.amount = "1"; } }, /discloses a bridge fee of 1/],
    ["an inflated expected output", {}, { edit: (a) => { a.expectedOutputAmount = String(BigInt(a.expectedOutputAmount) + 1000n); } }, /expectedOutputAmount is/],
    // Between different assets the bound is Sluice's own USD prices (its pool graphs): 25 USDC for 0.0025 WETH (a
    // fee of 99.99 % of the input, in the builder's one-to-one units) is a loss of most of the value at the devnet's
    // market price, though an honest-looking answer in every other field.
    ["another asset delivered at a loss", { outputToken: "WETH" }, { change: () => ({ relayFee: (input) => ({ lp: 0n, relayerCapital: (input * 9_999n) / 10_000n, destinationGas: 0n }) }) },
      /delivers \d+ bps less than it takes at Sluice's USD prices/],
  ])("refuses %s", async (_name, body, lie, message) => {
    const { response } = await quoteThrough(lie, { body });
    expect(response.body).toMatchObject({ ok: false, code: "UPSTREAM_ERROR", error: expect.stringMatching(message) });
    expect(response.status).toBe(502);
    expect(JSON.stringify(response.body)).not.toMatch(/swapTx|approvalTxns|0x095ea7b3/);
  });
});
