/**
 * A chain for the executor's tests: Permit2 at its canonical address, four plain ERC-20 tokens, Uniswap V2 pairs and
 * V3 pools (each V3 pool holds a narrow and a wide position, so a large swap crosses initialized ticks), a V3 quoter,
 * and the executor with one relayer. Every pool prices its two tokens 1:1.
 */
import {
  createPublicClient,
  createWalletClient,
  http,
  parseUnits,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { PERMIT2_ADDRESS } from "@sluice/core/chains/index";
import { deployExecutor } from "../deployExecutor.js";
import { startBareAnvil } from "./startBareAnvil.js";
import { v2AmountOut } from "./quoteRoute.js";
import { permit2RuntimeCode, uniswapBytecode } from "./uniswapArtifacts.js";
import { erc20TestAbi, positionManagerAbi, quoterV2Abi, v2FactoryAbi, v2PairAbi, v3FactoryAbi } from "./uniswapAbis.js";

type Wallet = WalletClient<Transport, Chain, Account>;

export type TokenName = "A" | "B" | "C" | "D";
export type PoolName = "v2AB" | "v2BC" | "v3AB" | "v3AC" | "v3CD";

export type ExecutorTestbed = {
  chainId: number;
  publicClient: PublicClient;
  /** Deployed everything; the executor's admin. */
  admin: Wallet;
  /** Holds every token and has approved Permit2 for each. */
  user: Wallet;
  relayer: Wallet;
  /** Neither relayer nor permit owner. */
  stranger: Wallet;
  executor: Address;
  quoterV2: Address;
  tokens: Record<TokenName, Address>;
  pools: Record<PoolName, Address>;
  stop(): Promise<void>;
};

const DEV_MNEMONIC = "test test test test test test test test test test test junk";
const V3_FEE = 3000;
/** One unit of every token: they all have 18 decimals. */
const unit = (amount: string) => parseUnits(amount, 18);
/** sqrt(1) in Q64.96: the 1:1 price. */
const SQRT_PRICE_1_TO_1 = 1n << 96n;
const FAR_DEADLINE = 2n ** 48n;

/** Narrow position near the price, wide one around it: a swap that exhausts the narrow one crosses its ticks. */
const V3_POSITIONS = [
  { tickLower: -600, tickUpper: 600, amount: unit("20") },
  { tickLower: -6000, tickUpper: 6000, amount: unit("300") },
] as const;

export async function startExecutorTestbed(chainId = 8453): Promise<ExecutorTestbed> {
  const anvil = await startBareAnvil(chainId);
  try {
    return await seedTestbed(chainId, anvil.rpcUrl, anvil.stop);
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

async function seedTestbed(chainId: number, rpcUrl: string, stop: () => Promise<void>): Promise<ExecutorTestbed> {
  const chain = {
    id: chainId,
    name: `executor-testbed-${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  } as const satisfies Chain;
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport }) as PublicClient;
  const wallet = (index: number): Wallet =>
    createWalletClient({ chain, transport, account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index }) });
  const [admin, user, relayer, stranger] = [wallet(0), wallet(1), wallet(2), wallet(3)];

  const mined = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`seeding transaction ${hash} reverted`);
    return receipt;
  };
  const deploy = async (abi: Abi, bytecode: Hex, args: readonly unknown[] = []): Promise<Address> => {
    const hash = await admin.deployContract({ abi, bytecode, args });
    const { contractAddress } = await mined(hash);
    return contractAddress!;
  };

  await publicClient.request({ method: "anvil_setCode" as never, params: [PERMIT2_ADDRESS, permit2RuntimeCode] as never });

  // One account sends every seeding transaction, so they go one at a time (nonces).
  const tokens = {} as Record<TokenName, Address>;
  for (const name of ["A", "B", "C", "D"] as const) {
    tokens[name] = await deploy(erc20TestAbi, uniswapBytecode.erc20, [unit("1000000")]);
  }
  const weth9 = await deploy([], uniswapBytecode.weth9);
  const v2Factory = await deploy(v2FactoryAbi, uniswapBytecode.v2Factory, [admin.account.address]);
  const v3Factory = await deploy([], uniswapBytecode.v3Factory);
  // The descriptor only renders NFT metadata, which minting never reads.
  const positionManager = await deploy(positionManagerAbi, uniswapBytecode.positionManager, [v3Factory, weth9, weth9]);
  const quoterV2 = await deploy(quoterV2Abi, uniswapBytecode.quoterV2, [v3Factory, weth9]);

  for (const token of Object.values(tokens)) {
    await mined(await admin.writeContract({ address: token, abi: erc20TestAbi, functionName: "approve", args: [positionManager, 2n ** 256n - 1n] }));
    await mined(await admin.writeContract({ address: token, abi: erc20TestAbi, functionName: "transfer", args: [user.account.address, unit("10000")] }));
    await mined(await user.writeContract({ address: token, abi: erc20TestAbi, functionName: "approve", args: [PERMIT2_ADDRESS, 2n ** 256n - 1n] }));
  }

  const createV2Pair = async (a: Address, b: Address, reserve: bigint): Promise<Address> => {
    await mined(await admin.writeContract({ address: v2Factory, abi: v2FactoryAbi, functionName: "createPair", args: [a, b] }));
    const pair = await publicClient.readContract({ address: v2Factory, abi: v2FactoryAbi, functionName: "getPair", args: [a, b] });
    for (const token of [a, b]) {
      await mined(await admin.writeContract({ address: token, abi: erc20TestAbi, functionName: "transfer", args: [pair, reserve] }));
    }
    await mined(await admin.writeContract({ address: pair, abi: v2PairAbi, functionName: "mint", args: [admin.account.address] }));
    return pair;
  };

  const createV3Pool = async (a: Address, b: Address): Promise<Address> => {
    const [token0, token1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];
    await mined(await admin.writeContract({
      address: positionManager, abi: positionManagerAbi, functionName: "createAndInitializePoolIfNecessary",
      args: [token0, token1, V3_FEE, SQRT_PRICE_1_TO_1],
    }));
    for (const { tickLower, tickUpper, amount } of V3_POSITIONS) {
      await mined(await admin.writeContract({
        address: positionManager, abi: positionManagerAbi, functionName: "mint",
        args: [{
          token0, token1, fee: V3_FEE, tickLower, tickUpper, amount0Desired: amount, amount1Desired: amount,
          amount0Min: 0n, amount1Min: 0n, recipient: admin.account.address, deadline: FAR_DEADLINE,
        }],
      }));
    }
    return publicClient.readContract({ address: v3Factory, abi: v3FactoryAbi, functionName: "getPool", args: [a, b, V3_FEE] });
  };

  const pools: Record<PoolName, Address> = {
    v2AB: await createV2Pair(tokens.A, tokens.B, unit("500")),
    v2BC: await createV2Pair(tokens.B, tokens.C, unit("400")),
    v3AB: await createV3Pool(tokens.A, tokens.B),
    v3AC: await createV3Pool(tokens.A, tokens.C),
    v3CD: await createV3Pool(tokens.C, tokens.D),
  };

  // Mainnet-like steady state, so the gas the tests measure is what a swap costs on a live pool: blocks advance
  // the clock, and every V2 pair has traded once since seeding (its price accumulators are already non-zero).
  await publicClient.request({ method: "anvil_setBlockTimestampInterval" as never, params: [12] as never });
  for (const [pair, tokenIn] of [[pools.v2AB, tokens.A], [pools.v2BC, tokens.B]] as const) {
    const amountIn = unit("0.001");
    await mined(await admin.writeContract({ address: tokenIn, abi: erc20TestAbi, functionName: "transfer", args: [pair, amountIn] }));
    const [reserve0, reserve1] = await publicClient.readContract({ address: pair, abi: v2PairAbi, functionName: "getReserves" });
    const zeroForOne = tokenIn.toLowerCase() < (tokenIn === tokens.A ? tokens.B : tokens.C).toLowerCase();
    const amountOut = v2AmountOut(amountIn, zeroForOne ? reserve0 : reserve1, zeroForOne ? reserve1 : reserve0);
    await mined(await admin.writeContract({
      address: pair, abi: v2PairAbi, functionName: "swap",
      args: [zeroForOne ? 0n : amountOut, zeroForOne ? amountOut : 0n, admin.account.address, "0x"],
    }));
  }

  const executor = await deployExecutor({
    walletClient: admin,
    publicClient,
    permit2: PERMIT2_ADDRESS,
    relayers: [relayer.account.address],
  });

  return { chainId, publicClient, admin, user, relayer, stranger, executor, quoterV2, tokens, pools, stop };
}
