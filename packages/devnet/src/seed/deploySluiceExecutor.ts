import { createPublicClient, createWalletClient, defineChain, getAddress, http, type Address, type Hex, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainById } from "@sluice/core";
import { deployExecutor } from "@sluice/contracts";

/**
 * Deploys Sluice's executor (the production contract, from @sluice/contracts) on one devnet chain: the devnet only
 * supplies clients, the deployer and the addresses.
 */
export async function deploySluiceExecutor(args: {
  rpcUrl: string;
  chainId: number;
  deployerKey: Hex;
  permit2: Address;
  relayers: Address[];
}): Promise<Address> {
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
  return getAddress(await deployExecutor({ walletClient, publicClient, permit2: args.permit2, relayers: args.relayers }));
}
