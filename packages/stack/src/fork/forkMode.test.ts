/**
 * Fork mode, offline: a devnet chain plays the remote Base (chain id 8453; Permit2, Multicall3, the deterministic
 * deployment proxy, the hub tokens and Uniswap's factories at their real addresses; the default scenario's Base pools
 * plus a generated few hundred), and the stack runs Base as an anvil fork of it — the executor deployed on the fork by
 * the production command, the workers configured from the registry — then quotes and swaps gaslessly on the fork.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync, rmSync } from "node:fs";
import { createPublicClient, createWalletClient, erc20Abi, http, isAddressEqual, maxUint256, parseAbi, parseEther, toHex, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { chains, executorAbi, parseChainConfig, PERMIT2_ADDRESS, uniswapFactories } from "@sluice/core";
import { requestRoute, swapWithPermit } from "@sluice/core/client";
import { executorArtifact } from "@sluice/contracts";
import { defaultScenarioPath, startDevnet, type Devnet } from "@sluice/devnet";
import { testScenario } from "@sluice/devnet/testSupport/testScenario";
import { leaseRedisDatabase, type RedisDatabaseLease } from "@sluice/testkit";
import { dropDatabase } from "@sluice/admin";
import { runDeployExecutor } from "@sluice/admin/deployExecutor/runDeployExecutor";
import { freePort } from "../process/freePort.js";
import { startStack, type Stack } from "../startStack.js";

const base = chains.base;
const weth = base.curatedTokens.find((t) => t.symbol === "WETH")!.address;
const usdc = base.curatedTokens.find((t) => t.symbol === "USDC")!.address;
const v3FactoryAbi = parseAbi(["function getPool(address, address, uint24) view returns (address)"]);

let remote: Devnet;
let redis: RedisDatabaseLease;
let stack: Stack;
let fork: PublicClient;
let remoteClient: PublicClient;

beforeAll(async () => {
  const defaults = JSON.parse(readFileSync(defaultScenarioPath, "utf8")) as { chains: { base: object } };
  remote = await startDevnet({
    scenario: { name: "remote-base", chains: { base: { ...defaults.chains.base, generate: { tokens: 80, pools: 300, seed: 17 } } } },
    basePort: 0, deployExecutor: false, realFactories: true,
  });
  redis = await leaseRedisDatabase();
  stack = await startStack({
    name: `fork_${process.pid}`, redisUrl: redis.url, redisDatabase: Number(new URL(redis.url).pathname.slice(1)),
    port: await freePort(), sandboxPort: await freePort(), freshDatabase: true,
    devnet: { basePort: 0, scenario: testScenario },
    forks: { base: remote.manifest.chains.base.rpcUrl },
    log: (line) => process.stdout.write(`[fork] ${line}\n`),
  });
  fork = createPublicClient({ transport: http(stack.forks[0]!.rpcUrl) }) as PublicClient;
  remoteClient = createPublicClient({ transport: http(remote.manifest.chains.base.rpcUrl) }) as PublicClient;
}, 600_000);

afterAll(async () => {
  await stack?.stop();
  if (stack) await dropDatabase(stack.databaseUrl).catch(() => {});
  if (stack) rmSync(stack.stateDir, { recursive: true, force: true });
  await redis?.release();
  await remote?.stop();
});

describe("pnpm dev --fork base=<remote RPC>", () => {
  it("the remote plays Base: a few hundred pools created by Uniswap's factories at their real addresses", async () => {
    expect(remote.manifest.chains.base.pools.length).toBeGreaterThan(300);
    expect(remote.manifest.chains.base.uniswapV3Factory).toBe(uniswapFactories.base.v3);
    const pool = remote.manifest.chains.base.pools.find((p) => p.protocol === "uniswap-v3")!;
    const [a, b] = pool.tokens as [`0x${string}`, `0x${string}`];
    expect(await fork.readContract({ address: uniswapFactories.base.v3, abi: v3FactoryAbi, functionName: "getPool", args: [a, b, pool.fee!] })).toBe(pool.address);
  });

  it("configures the forked chain as production does: registry factories, the fork's RPC, the executor deployed there", async () => {
    const config = parseChainConfig(stack.sluiceChains).base!;
    const executor = stack.forks[0]!.executor as `0x${string}`;
    expect(config).toMatchObject({ rpcUrl: stack.forks[0]!.rpcUrl, uniswapV2Factory: uniswapFactories.base.v2, uniswapV3Factory: uniswapFactories.base.v3 });
    expect(isAddressEqual(config.executor!, executor)).toBe(true);
    expect(await fork.getChainId()).toBe(base.id);
    expect((await fork.getCode({ address: executor }))?.toLowerCase()).toBe(executorArtifact.deployedBytecode.toLowerCase());
    expect(await fork.readContract({ address: executor, abi: executorAbi, functionName: "v3Factory" })).toBe(uniswapFactories.base.v3);
    for (const relayer of config.relayers) {
      expect(await fork.readContract({ address: executor, abi: executorAbi, functionName: "isRelayer", args: [relayer] })).toBe(true);
    }
    // Only the fork has it: the remote chain never saw a transaction of the stack.
    expect(await remoteClient.getCode({ address: executor })).toBeUndefined();
  });

  it("pnpm admin deploy-executor on the fork: Uniswap's real factories from the registry; a re-run sends nothing", async () => {
    const key = generatePrivateKey();
    const deployer = privateKeyToAccount(key).address;
    const multisig = privateKeyToAccount(generatePrivateKey()).address;
    await fork.request({ method: "anvil_setBalance" as never, params: [deployer, toHex(parseEther("10"))] as never });
    const relayers = parseChainConfig(stack.sluiceChains).base!.relayers;
    const env = { EXECUTOR_DEPLOYER_KEY: key, SLUICE_CHAINS: JSON.stringify({ base: { rpcUrl: stack.forks[0]!.rpcUrl, executor: null, relayers } }) };
    const first = await runDeployExecutor({ args: ["--admin", multisig], env });
    expect(first.ok, JSON.stringify(first.chains)).toBe(true);
    expect(first.chains[0]!.transactions.map((t) => t.action)).toEqual(["deploy", "initialize", `hand the admin to ${multisig}`]);
    const read = (functionName: string, args: unknown[] = []) => fork.readContract({ address: first.executor, abi: executorAbi, functionName, args } as never);
    expect([await read("v2Factory"), await read("v3Factory"), await read("admin")]).toEqual([uniswapFactories.base.v2, uniswapFactories.base.v3, multisig]);
    for (const relayer of relayers) expect(await read("isRelayer", [relayer])).toBe(true);
    const nonce = await fork.getTransactionCount({ address: deployer });
    const again = await runDeployExecutor({ args: ["--admin", multisig], env });
    expect(again).toMatchObject({ ok: true, executor: first.executor });
    expect(again.chains[0]!.transactions).toEqual([]);
    expect(await fork.getTransactionCount({ address: deployer })).toBe(nonce);
  });

  it("quotes and swaps gaslessly on the fork, end to end", async () => {
    const connection = { baseUrl: stack.baseUrl, apiKey: stack.demo.productionKey };
    const quote = await requestRoute(connection, { from: "WETH", to: "USDC", amount: "1", chain: "base" });
    expect(quote.ok, JSON.stringify(quote)).toBe(true);

    const account = privateKeyToAccount(generatePrivateKey());
    const wallet = createWalletClient({ account, transport: http(stack.forks[0]!.rpcUrl) });
    await fork.request({ method: "anvil_setBalance" as never, params: [account.address, toHex(parseEther("2"))] as never });
    const send = async (hash: Promise<`0x${string}`>) => expect((await fork.waitForTransactionReceipt({ hash: await hash })).status).toBe("success");
    await send(wallet.writeContract({ address: weth, abi: parseAbi(["function deposit() payable"]), functionName: "deposit", value: parseEther("1"), chain: null }));
    await send(wallet.writeContract({ address: weth, abi: erc20Abi, functionName: "approve", args: [PERMIT2_ADDRESS, maxUint256], chain: null }));
    const nativeBefore = await fork.getBalance({ address: account.address });

    const result = await swapWithPermit(connection, { from: "WETH", to: "USDC", amount: "1", chain: "base", wallet, reader: fork });
    expect(result.solve.ok, JSON.stringify(result.solve)).toBe(true);
    if (!result.solve.ok) return;
    const txHash = result.solve.transaction.txHash as `0x${string}`;
    const receipt = await fork.waitForTransactionReceipt({ hash: txHash });
    expect(receipt.status).toBe("success");
    expect(isAddressEqual(receipt.to!, stack.forks[0]!.executor as `0x${string}`)).toBe(true);
    const received = await fork.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [account.address] });
    expect(received).toBe(BigInt(result.solve.quote.amountOutRaw));
    expect(await fork.getBalance({ address: account.address })).toBe(nativeBefore);
    expect(await remoteClient.getTransaction({ hash: txHash }).catch(() => null)).toBeNull();
  });
});
