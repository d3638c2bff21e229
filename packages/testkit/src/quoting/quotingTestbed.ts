/**
 * A devnet for the quoting tests: the chain `base` of a scenario, its graph indexed in memory before the bed is
 * returned, a user holding every
 * token with Permit2 approved, a relayer, Uniswap's QuoterV2, and helpers that run a quote through the executor.
 */
import {
  createPublicClient, createWalletClient, decodeFunctionData, defineChain, erc20Abi, http, maxUint256,
  type Account, type Address, type Chain, type Hex, type PublicClient, type Transport, type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startDevnet } from "@sluice/devnet";
import type { ManifestChain } from "@sluice/devnet";
import { quoterV2Bytecode } from "@sluice/devnet/executor/testing/quoterV2Bytecode";
import { quoterV2Abi } from "@sluice/devnet/executor/testing/uniswapAbis";
import { startTestDatabase } from "../db/startTestDatabase.js";
import { startTestRedis } from "../redis/startTestRedis.js";
import {
  chainIndexSourceFromEnv, createDb, createGraphCache, createTokenQualitySource, setTokenQuality, createRoutingGraphCache, encodeExecutorSwap, executorAbi,
  indexUntilReady, memoryGraphStore, memoryIndexProgressStore, PERMIT2_ADDRESS, permitTypedData, type ChainDeployment, type ChainIndexSource,
  type ExecutorRoute, type RoutingGraphCache,
} from "@sluice/core";

type Wallet = WalletClient<Transport, Chain, Account>;

export type QuotingTestbed = {
  manifest: ManifestChain;
  client: PublicClient;
  user: Wallet;
  relayer: Wallet;
  executor: Address;
  quoterV2: Address;
  source: ChainIndexSource & { deployment: ChainDeployment };
  routingGraphs: RoutingGraphCache;
  token: (symbol: string) => Address;
  stop: () => Promise<void>;
};

export async function startQuotingTestbed(scenario?: unknown): Promise<QuotingTestbed> {
  const devnet = await startDevnet({ basePort: 0, ...(scenario ? { scenario: scenario as never } : {}) });
  const stops: Array<() => Promise<void>> = [devnet.stop];
  const stop = async () => { for (const s of stops.reverse()) await s().catch(() => {}); };
  try {
    const manifest = devnet.manifest.chains.base;
    const chain = defineChain({ id: 8453, name: "base", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [manifest.rpcUrl] } } });
    const transport = http(manifest.rpcUrl);
    const client = createPublicClient({ chain, transport }) as PublicClient;
    const wallet = (key: Hex) => createWalletClient({ chain, transport, account: privateKeyToAccount(key) });
    const dev = devnet.manifest.accounts.dev;
    const user = wallet(dev[1]!.privateKey);
    const relayer = wallet(dev.find((a) => a.address.toLowerCase() === manifest.relayers[0]!.toLowerCase())!.privateKey);
    for (const t of manifest.tokens) {
      await client.waitForTransactionReceipt({ hash: await user.writeContract({ address: t.address, abi: erc20Abi, functionName: "approve", args: [PERMIT2_ADDRESS, maxUint256] }) });
    }
    const deployer = wallet(dev[4]!.privateKey);
    const { contractAddress: quoterV2 } = await client.waitForTransactionReceipt({
      hash: await deployer.deployContract({ abi: quoterV2Abi, bytecode: quoterV2Bytecode, args: [manifest.uniswapV3Factory, manifest.weth] }),
    });
    const env = {
      SLUICE_CHAINS: JSON.stringify({ base: { rpcUrl: manifest.rpcUrl, executor: manifest.executor, relayers: manifest.relayers, uniswapV2Factory: manifest.uniswapV2Factory, uniswapV3Factory: manifest.uniswapV3Factory, routableLiquidityUsd: 0 } }),
    };
    // Token quality as the workers read it: the manifest's scores written to Postgres by the operator's operation,
    // read through the Redis cache.
    const database = await startTestDatabase("sluice_quoting");
    stops.push(database.drop);
    const testRedis = await startTestRedis();
    stops.push(testRedis.close);
    await setTokenQuality({
      db: database.db, redis: testRedis.redis, source: "devnet-manifest", updatedBy: "testbed",
      entries: manifest.tokens.map((t) => ({ chain: "base" as const, token: t.address, score: t.quality })),
    });
    const quality = createTokenQualitySource({ redis: () => testRedis.redis, openDb: () => createDb({ url: database.url }) });
    const source = chainIndexSourceFromEnv(env, "base", memoryGraphStore(), createGraphCache(), quality, memoryIndexProgressStore());
    // Quotes never index: the graph is indexed here, as the cron does before a chain serves.
    await indexUntilReady({ ...source, budget: { maxSubrequests: 100_000, maxMs: 600_000 } });
    const token = (symbol: string) => {
      const t = manifest.tokens.find((x) => x.symbol === symbol);
      if (!t) throw new Error(`no ${symbol}`);
      return t.address.toLowerCase() as Address;
    };
    return { manifest, client, user, relayer, executor: manifest.executor!, quoterV2: quoterV2!, source, routingGraphs: createRoutingGraphCache(), token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

let nonce = BigInt(Date.now()) << 32n;

/** Calldata of the executor swap of `route` for the testbed's user (a fresh permit, minimum output 0). */
async function swapCalldata(bed: QuotingTestbed, route: ExecutorRoute, minAmountOut = 0n): Promise<Hex> {
  const tokenIn = route.splits[0]!.hops[0]!.tokenIn;
  const amount = route.splits.reduce((sum, s) => sum + s.amountIn, 0n);
  const permit = { permitted: { token: tokenIn, amount }, nonce: nonce++, deadline: BigInt(Math.floor(Date.now() / 1000) + 10 * 365 * 86400) };
  const signature = await bed.user.signTypedData(permitTypedData({ chainId: 8453, spender: bed.executor, permit }));
  return encodeExecutorSwap({ permit, owner: bed.user.account.address, signature, route, minAmountOut, recipient: bed.user.account.address });
}

/** What the executor would pay for `route` right now (eth_call from the relayer; nothing changes). */
export async function simulateRoute(bed: QuotingTestbed, route: ExecutorRoute): Promise<bigint> {
  const { result } = await bed.client.simulateContract({
    address: bed.executor, abi: executorAbi, functionName: "swap", account: bed.relayer.account,
    args: decodeFunctionData({ abi: executorAbi, data: await swapCalldata(bed, route) }).args as never,
  });
  return result as bigint;
}

/** Executes `route` through the executor from the relayer and returns what the user received. */
export async function executeRoute(bed: QuotingTestbed, route: ExecutorRoute, minAmountOut = 0n): Promise<bigint> {
  const tokenOut = route.splits[0]!.hops.at(-1)!.tokenOut;
  const balance = () => bed.client.readContract({ address: tokenOut, abi: erc20Abi, functionName: "balanceOf", args: [bed.user.account.address] });
  const before = await balance();
  // A fixed, generous gas limit: the quote, not the node's gas estimate, is what this checks.
  const hash = await bed.relayer.sendTransaction({ to: bed.executor, data: await swapCalldata(bed, route, minAmountOut), gas: 5_000_000n });
  const receipt = await bed.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`swap reverted ${hash}`);
  return (await balance()) - before;
}

/** Uniswap's QuoterV2 on one V3 pool: (amountOut, ticks crossed). */
export async function quoterV2ExactIn(bed: QuotingTestbed, p: { tokenIn: Address; tokenOut: Address; fee: number; amountIn: bigint }): Promise<bigint> {
  const { result } = await bed.client.simulateContract({
    address: bed.quoterV2, abi: quoterV2Abi, functionName: "quoteExactInputSingle",
    args: [{ tokenIn: p.tokenIn, tokenOut: p.tokenOut, amountIn: p.amountIn, fee: p.fee, sqrtPriceLimitX96: 0n }],
  });
  return result[0];
}
