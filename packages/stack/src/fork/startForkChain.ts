import { createWalletClient, http, parseEther, toHex, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { chains, createChainClient, uniswapFactories, type ChainDeployment, type ChainName } from "@sluice/core";
import {
  DETERMINISTIC_DEPLOYER, DETERMINISTIC_DEPLOYER_RUNTIME, ensureExecutor, UNISWAP_V2_PAIR_INIT_CODE_HASH, UNISWAP_V3_POOL_INIT_CODE_HASH,
} from "@sluice/contracts";
import { startAnvil } from "@sluice/devnet";

export type StartForkChainParameters = {
  chain: ChainName;
  /** The RPC to fork (a real chain's, or a local node that plays it). */
  forkUrl: string;
  /** The relayers to allow on the executor and fund on the fork. */
  relayers: readonly Address[];
  log?: (line: string) => void;
};

export type ForkChain = {
  chain: ChainName;
  /** The local fork's RPC. */
  rpcUrl: string;
  executor: Address;
  /** This chain's `SLUICE_CHAINS` entry, built as a production deployment's is: the registry's factories. */
  deployment: ChainDeployment;
  stop: () => Promise<void>;
};

/** Native coin the fork's cheat codes give the deploying key and each relayer. */
const funding = parseEther("1000");

/**
 * One chain of fork mode: `anvil --fork-url` of the given RPC (its chain id must be the chain's), the relayers and a
 * fresh deploying key funded by cheat codes, and Sluice's executor deployed on the fork by the production command
 * (`ensureExecutor`: the deterministic deployment proxy, Uniswap's real factories, the relayers). The key is new on
 * every start so nobody can have prepared the executor's address on the real chain.
 */
export async function startForkChain({ chain, forkUrl, relayers, log = () => {} }: StartForkChainParameters): Promise<ForkChain> {
  const node = await startAnvil({ chainId: chains[chain].id, port: 0, forkUrl });
  try {
    const deployment: ChainDeployment = {
      rpcUrl: node.rpcUrl, executor: null, relayers: [...relayers],
      uniswapV2Factory: uniswapFactories[chain].v2, uniswapV3Factory: uniswapFactories[chain].v3,
    };
    const publicClient = createChainClient({ chain, deployment, timeoutMs: 60_000 });
    const chainId = await publicClient.getChainId();
    if (chainId !== chains[chain].id) throw new Error(`--fork ${chain}=${forkUrl}: the RPC answers chain id ${chainId}, not ${chains[chain].id}`);
    const rpc = (method: string, params: unknown[]) => publicClient.request({ method, params } as never);
    const key: Hex = generatePrivateKey();
    const deployer = privateKeyToAccount(key);
    for (const account of [deployer.address, ...relayers]) await rpc("anvil_setBalance", [account, toHex(funding)]);
    const proxyCode = await publicClient.getCode({ address: DETERMINISTIC_DEPLOYER });
    if (!proxyCode || proxyCode === "0x") {
      log(`fork       ${chain}: no deterministic deployment proxy on the forked chain; installed on the fork`);
      await rpc("anvil_setCode", [DETERMINISTIC_DEPLOYER, DETERMINISTIC_DEPLOYER_RUNTIME]);
    }
    const walletClient = createWalletClient({ account: deployer, chain: publicClient.chain, transport: http(node.rpcUrl) });
    const result = await ensureExecutor({
      publicClient, walletClient, admin: deployer.address, relayers,
      factories: {
        v2Factory: deployment.uniswapV2Factory!, v2InitCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
        v3Factory: deployment.uniswapV3Factory!, v3InitCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
      },
    });
    if (result.problems.length > 0) throw new Error(`--fork ${chain}: the executor could not be deployed: ${result.problems.join("; ")}`);
    return { chain, rpcUrl: node.rpcUrl, executor: result.address, deployment: { ...deployment, executor: result.address }, stop: node.stop };
  } catch (error) {
    await node.stop();
    throw error;
  }
}
