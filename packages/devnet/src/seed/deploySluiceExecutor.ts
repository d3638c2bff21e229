import { createPublicClient, createWalletClient, defineChain, getAddress, http, type Address, type Hex, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainById } from "@sluice/core";
import { ensureExecutor } from "@sluice/contracts";
import { layoutAddresses, poolInitCodeHashes, type FactoryAddresses } from "./deploymentLayout.js";

/**
 * Deploys Sluice's executor on one devnet chain the way production does (`ensureExecutor` of @sluice/contracts:
 * CREATE2 through the deterministic deployment proxy, then `initialize`): the devnet only supplies clients, the
 * deployer (also the admin) and the addresses — the relayers, and the chain's Uniswap factories with their pools'
 * init code hashes, which the executor authenticates every pool against.
 */
export async function deploySluiceExecutor(args: {
  rpcUrl: string;
  chainId: number;
  deployerKey: Hex;
  relayers: Address[];
  factories?: FactoryAddresses;
}): Promise<Address> {
  const deployer = privateKeyToAccount(args.deployerKey).address;
  const layout = layoutAddresses(deployer, args.factories);
  const initCodeHashes = poolInitCodeHashes();
  const factories = {
    v2Factory: layout.uniswapV2Factory, v2InitCodeHash: initCodeHashes.v2,
    v3Factory: layout.uniswapV3Factory, v3InitCodeHash: initCodeHashes.v3,
  };
  const facts = chainById(args.chainId);
  const chain = defineChain({
    id: args.chainId,
    name: facts?.displayName ?? `chain ${args.chainId}`,
    nativeCurrency: { name: facts?.nativeSymbol ?? "ETH", symbol: facts?.nativeSymbol ?? "ETH", decimals: 18 },
    rpcUrls: { default: { http: [args.rpcUrl] } },
  });
  const transport = http(args.rpcUrl);
  const walletClient = createWalletClient({ account: privateKeyToAccount(args.deployerKey), chain, transport });
  const publicClient = createPublicClient({ chain, transport }) as PublicClient;
  const result = await ensureExecutor({ walletClient, publicClient, admin: deployer, relayers: args.relayers, factories });
  if (result.problems.length > 0) throw new Error(`executor on chain ${args.chainId}: ${result.problems.join("; ")}`);
  return getAddress(result.address);
}
