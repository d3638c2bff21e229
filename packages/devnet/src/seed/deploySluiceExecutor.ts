import { createPublicClient, createWalletClient, defineChain, getAddress, http, type Address, type Hex, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainById } from "@sluice/core";
import { deployExecutor } from "@sluice/contracts";
import { layoutAddresses, poolInitCodeHashes } from "./deploymentLayout.js";

/**
 * Deploys Sluice's executor (the production contract, from @sluice/contracts) on one devnet chain: the devnet only
 * supplies clients, the deployer and the addresses — Permit2, the relayers, and the chain's Uniswap factories with
 * their pools' init code hashes, which the executor authenticates every pool against.
 */
export async function deploySluiceExecutor(args: {
  rpcUrl: string;
  chainId: number;
  deployerKey: Hex;
  permit2: Address;
  relayers: Address[];
}): Promise<Address> {
  const deployer = privateKeyToAccount(args.deployerKey).address;
  const layout = layoutAddresses(deployer);
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
  return getAddress(await deployExecutor({ walletClient, publicClient, permit2: args.permit2, relayers: args.relayers, factories }));
}
