import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createPublicClient, createWalletClient, defineChain, getAddress, http, publicActions, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainById } from "@sluice/core";

const hookPath = fileURLToPath(new URL("../executor/deployExecutor.ts", import.meta.url));

type DeployExecutor = (args: Record<string, unknown>) => Promise<Address>;

/**
 * Deploys Sluice's executor through the executor package's own `deployExecutor`, when it exists; returns null
 * otherwise. The executor is written and deployed by its own module: the devnet only supplies clients and addresses.
 */
export async function deployExecutorIfPresent(args: {
  rpcUrl: string;
  chainId: number;
  deployerKey: Hex;
  permit2: Address;
  relayers: Address[];
}): Promise<Address | null> {
  if (!existsSync(hookPath)) return null;
  const module = (await import(/* @vite-ignore */ new URL("../executor/deployExecutor.ts", import.meta.url).href)) as { deployExecutor?: DeployExecutor };
  if (typeof module.deployExecutor !== "function") return null;
  const facts = chainById(args.chainId);
  const chain = defineChain({
    id: args.chainId,
    name: facts?.displayName ?? `chain ${args.chainId}`,
    nativeCurrency: { name: facts?.nativeSymbol ?? "ETH", symbol: facts?.nativeSymbol ?? "ETH", decimals: 18 },
    rpcUrls: { default: { http: [args.rpcUrl] } },
  });
  const account = privateKeyToAccount(args.deployerKey);
  const transport = http(args.rpcUrl);
  const walletClient = createWalletClient({ account, chain, transport });
  const publicClient = createPublicClient({ chain, transport });
  const address = await module.deployExecutor({
    client: walletClient.extend(publicActions),
    walletClient,
    publicClient,
    permit2: args.permit2,
    relayers: args.relayers,
  });
  return getAddress(address);
}
