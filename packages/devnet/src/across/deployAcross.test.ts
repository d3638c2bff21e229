import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, erc20Abi, http, parseAbi, pad, type Hex } from "viem";
import { ACROSS_MULTICALL_HANDLER, chainNames, chains } from "@sluice/core";
import { startDevnet, type Devnet } from "../startDevnet.js";
import { testScenario } from "../testSupport/testScenario.js";
import { ERC1967_IMPLEMENTATION_SLOT } from "./deployAcross.js";
import { DEVNET_ACROSS_RELAYER, DEVNET_HUB_POOL, FILL_DEADLINE_BUFFER } from "./acrossDevnetRoles.js";
import { startAcrossApi, type AcrossApi } from "./api/startAcrossApi.js";

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
});
