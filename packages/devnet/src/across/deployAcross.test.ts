import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, erc20Abi, http, parseAbi, pad, type Hex } from "viem";
import { ACROSS_MULTICALL_HANDLER, chainNames, chains } from "@sluice/core";
import { startDevnet, type Devnet } from "../startDevnet.js";
import { testScenario } from "../testSupport/testScenario.js";
import { ERC1967_IMPLEMENTATION_SLOT } from "./deployAcross.js";
import { DEVNET_ACROSS_RELAYER, DEVNET_HUB_POOL, FILL_DEADLINE_BUFFER } from "./acrossDevnetRoles.js";
import { startAcrossApi, type AcrossApi } from "./api/startAcrossApi.js";
import { readFileSync } from "node:fs";

let devnet: Devnet;
let api: AcrossApi;
beforeAll(async () => {
  devnet = await startDevnet({ scenario: testScenario, basePort: 0, deployExecutor: false });
  api = await startAcrossApi({ manifest: devnet.manifest });
});
afterAll(async () => {
  await api?.stop();
  await devnet?.stop();
});

const spokeAbi = parseAbi([
  "function crossDomainAdmin() view returns (address)", "function withdrawalRecipient() view returns (address)",
  "function chainId() view returns (uint256)", "function fillDeadlineBuffer() view returns (uint32)", "function numberOfDeposits() view returns (uint32)",
]);

describe("Across on the devnet", () => {
  it.each(chainNames)("%s: the chain's SpokePool behind an initialised ERC1967 proxy at the canonical address, the MulticallHandler, a funded relayer", async (name) => {
    const client = createPublicClient({ transport: http(devnet.manifest.chains[name].rpcUrl) });
    const spokePool = chains[name].spokePool;
    const implementation = `0x${(await client.getStorageAt({ address: spokePool, slot: ERC1967_IMPLEMENTATION_SLOT }))!.slice(-40)}` as Hex;
    expect((await client.getCode({ address: implementation }))?.length).toBeGreaterThan(10_000);
    expect(await client.readContract({ address: spokePool, abi: spokeAbi, functionName: "crossDomainAdmin" })).toBe(DEVNET_HUB_POOL);
    expect(await client.readContract({ address: spokePool, abi: spokeAbi, functionName: "withdrawalRecipient" })).toBe(DEVNET_HUB_POOL);
    expect(await client.readContract({ address: spokePool, abi: spokeAbi, functionName: "chainId" })).toBe(BigInt(chains[name].id));
    expect(await client.readContract({ address: spokePool, abi: spokeAbi, functionName: "fillDeadlineBuffer" })).toBe(FILL_DEADLINE_BUFFER);
    expect((await client.getCode({ address: ACROSS_MULTICALL_HANDLER }))?.length).toBeGreaterThan(100);
    const weth = devnet.manifest.chains[name].weth;
    expect(await client.readContract({ address: weth, abi: erc20Abi, functionName: "balanceOf", args: [DEVNET_ACROSS_RELAYER] })).toBeGreaterThan(0n);
    expect(await client.readContract({ address: weth, abi: erc20Abi, functionName: "allowance", args: [DEVNET_ACROSS_RELAYER, spokePool] })).toBeGreaterThan(0n);
    expect(pad(implementation)).toHaveLength(66);
  });

  it("the local API serves chains, tokens and routes in Across' shapes, and refuses a missing API key", async () => {
    const chainsAnswer = await (await fetch(`${api.url}/swap/chains`)).json() as { chainId: number }[];
    expect(chainsAnswer.map((c) => c.chainId).sort((a, b) => a - b)).toEqual([1, 137, 8453, 42161]);
    const tokens = await (await fetch(`${api.url}/swap/tokens?chainId=8453`)).json() as { symbol: string; chainId: number }[];
    expect(tokens.every((t) => t.chainId === 8453)).toBe(true);
    const routes = await (await fetch(`${api.url}/available-routes?originChainId=8453`)).json() as Record<string, unknown>[];
    expect(routes[0]).toMatchObject({ originChainId: 8453, originTokenSymbol: expect.any(String), destinationTokenSymbol: expect.any(String), isNative: false });
    const unauthorized = await fetch(`${api.url}/swap/approval?amount=1`);
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toMatchObject({ type: "AcrossApiError", code: "UNAUTHORIZED" });
    const notFound = await fetch(`${api.url}/deposit/status?depositTxnRef=0x${"12".repeat(32)}`, { headers: { authorization: `Bearer ${api.apiKey}` } });
    expect(notFound.status).toBe(404);
  });

  it.each(["exactInput-usdc-fees", "minOutput-usdc-fees", "exactOutput-usdc-fees"])("the local /swap/approval answers with the fields of the real API (fixture %s)", async (name) => {
    const fixture = JSON.parse(readFileSync(new URL(`../../../core/src/bridge/across/fixtures/${name}.json`, import.meta.url), "utf8")) as Record<string, unknown>;
    const [origin, destination] = [chains.base, chains.polygon]; // the test scenario's two chains
    const usdc = (chain: typeof origin) => chain.curatedTokens.find((t) => t.symbol === "USDC")!.address;
    const query = new URLSearchParams({
      amount: "25000000", tradeType: String(fixture.amountType), inputToken: usdc(origin), outputToken: usdc(destination),
      originChainId: String(origin.id), destinationChainId: String(destination.id), depositor: "0x1111111111111111111111111111111111111111",
      integratorId: "0x5c1e", refundOnOrigin: "true", refundAddress: "0x1111111111111111111111111111111111111111", appFee: "0.001",
      appFeeRecipient: "0x7777777777777777777777777777777777777777", slippage: "auto",
    });
    const answer = await (await fetch(`${api.url}/swap/approval?${query}`, { headers: { authorization: `Bearer ${api.apiKey}` } })).json() as Record<string, unknown>;
    // Every field path of the real answer, and nothing else (the values differ: chain state and the devnet's prices).
    const paths = (value: unknown, prefix = ""): string[] => value && typeof value === "object"
      ? Object.entries(value).flatMap(([key, inner]) => [`${prefix}${key}`, ...paths(inner, `${prefix}${Array.isArray(value) ? "[]" : key}.`)])
      : [];
    expect([...new Set(paths(answer))].sort()).toEqual([...new Set(paths(fixture))].sort());
  });
});
