/**
 * The executor's tests run on the real devnet (`startDevnet` with a small scenario), on its `base` chain: Permit2 at
 * its canonical address, the scenario's tokens and Uniswap pools, and the executor the devnet deployed through
 * `deployExecutor`. The tests add only Uniswap's QuoterV2, to check outputs against Uniswap's own V3 math.
 */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  maxUint256,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { PERMIT2_ADDRESS } from "@sluice/core";
import { startDevnet } from "../../startDevnet.js";
import type { ManifestChain } from "../../manifest/manifestTypes.js";
import { executorScenario, executorTestChain } from "./executorScenario.js";
import { erc20TestAbi, quoterV2Abi } from "./uniswapAbis.js";
import { quoterV2Bytecode } from "./quoterV2Bytecode.js";

type Wallet = WalletClient<Transport, Chain, Account>;

export type TokenName = "A" | "B" | "C" | "D";
export type PoolName = "v2AB" | "v2BC" | "v3AB" | "v3AC" | "v3CD";

export type ExecutorTestbed = {
  publicClient: PublicClient;
  /** Holds every token and has approved Permit2 for each. */
  user: Wallet;
  /** One of the relayers the devnet allowed on the executor. */
  relayer: Wallet;
  /** Neither relayer nor permit owner. */
  stranger: Wallet;
  executor: Address;
  quoterV2: Address;
  tokens: Record<TokenName, Address>;
  pools: Record<PoolName, Address>;
  stop(): Promise<void>;
};

/** Development accounts (anvil's default mnemonic) the tests act as; the devnet reserves 0, 7, 8 and 9. */
const USER_INDEX = 1;
const STRANGER_INDEX = 3;
const QUOTER_DEPLOYER_INDEX = 4;

export async function startExecutorTestbed(): Promise<ExecutorTestbed> {
  const devnet = await startDevnet({ scenario: executorScenario, basePort: 0 });
  try {
    return { ...(await prepareTestbed(devnet.manifest.chains[executorTestChain], devnet.manifest.accounts.dev)), stop: devnet.stop };
  } catch (error) {
    await devnet.stop();
    throw error;
  }
}

async function prepareTestbed(
  chainManifest: ManifestChain,
  devAccounts: readonly { address: Address; privateKey: Hex }[],
): Promise<Omit<ExecutorTestbed, "stop">> {
  if (!chainManifest.executor) throw new Error("the devnet did not deploy the executor");
  const chain = defineChain({
    id: chainManifest.chainId,
    name: executorTestChain,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chainManifest.rpcUrl] } },
  });
  const transport = http(chainManifest.rpcUrl);
  const publicClient = createPublicClient({ chain, transport }) as PublicClient;
  const walletOf = (address: Address): Wallet => {
    const dev = devAccounts.find((a) => a.address.toLowerCase() === address.toLowerCase());
    if (!dev) throw new Error(`no key for ${address}`);
    return createWalletClient({ chain, transport, account: privateKeyToAccount(dev.privateKey) });
  };
  const user = walletOf(devAccounts[USER_INDEX]!.address);
  const mined = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`setup transaction ${hash} reverted`);
    return receipt;
  };

  const tokens = {} as Record<TokenName, Address>;
  for (const name of ["A", "B", "C", "D"] as const) {
    const token = chainManifest.tokens.find((t) => t.symbol === `TK${name}`);
    if (!token) throw new Error(`the scenario has no TK${name}`);
    tokens[name] = token.address;
    await mined(await user.writeContract({ address: token.address, abi: erc20TestAbi, functionName: "approve", args: [PERMIT2_ADDRESS, maxUint256] }));
  }
  const poolOf = (protocol: "uniswap-v2" | "uniswap-v3", a: Address, b: Address): Address => {
    const pool = chainManifest.pools.find(
      (p) => p.protocol === protocol && [a, b].every((t) => p.tokens.some((pt) => pt.toLowerCase() === t.toLowerCase())),
    );
    if (!pool) throw new Error(`the scenario has no ${protocol} pool for ${a}/${b}`);
    return pool.address;
  };
  const pools: Record<PoolName, Address> = {
    v2AB: poolOf("uniswap-v2", tokens.A, tokens.B),
    v2BC: poolOf("uniswap-v2", tokens.B, tokens.C),
    v3AB: poolOf("uniswap-v3", tokens.A, tokens.B),
    v3AC: poolOf("uniswap-v3", tokens.A, tokens.C),
    v3CD: poolOf("uniswap-v3", tokens.C, tokens.D),
  };

  const quoterDeployer = walletOf(devAccounts[QUOTER_DEPLOYER_INDEX]!.address);
  const { contractAddress: quoterV2 } = await mined(await quoterDeployer.deployContract({
    abi: quoterV2Abi,
    bytecode: quoterV2Bytecode,
    args: [chainManifest.uniswapV3Factory, chainManifest.weth],
  }));

  // Every block advances the clock, as on a live chain, so each measured swap also pays for the pools' oracle
  // updates and the gas figures do not depend on how many transactions shared a second.
  await publicClient.request({ method: "anvil_setBlockTimestampInterval" as never, params: [12] as never });

  return {
    publicClient,
    user,
    relayer: walletOf(chainManifest.relayers[0]!),
    stranger: walletOf(devAccounts[STRANGER_INDEX]!.address),
    executor: chainManifest.executor,
    quoterV2: quoterV2!,
    tokens,
    pools,
  };
}
