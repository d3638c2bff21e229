import type { Account, Address, Chain, Hex, PublicClient, Transport, WalletClient } from "viem";
import { executorAbi } from "@sluice/core";
import { executorArtifact } from "./executorArtifact.js";

export type DeployExecutorArgs = {
  /** Deploys the executor and becomes its admin (the only account that can change the relayer list). */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  publicClient: PublicClient;
  /** Permit2's address on this chain; it must already hold code. */
  permit2: Address;
  /** Accounts allowed to submit gasless swaps. */
  relayers: readonly Address[];
  /** The Uniswap factories whose pools routes may use, with their pools' init code hashes (the executor derives every
   * hop's pool address from them and refuses any other contract). */
  factories: { v2Factory: Address; v2InitCodeHash: Hex; v3Factory: Address; v3InitCodeHash: Hex };
};

/** Deploys SluiceExecutor and returns its address once the deployment is mined. */
export async function deployExecutor({ walletClient, publicClient, permit2, relayers, factories }: DeployExecutorArgs): Promise<Address> {
  const permit2Code = await publicClient.getCode({ address: permit2 });
  if (!permit2Code || permit2Code === "0x") {
    throw new Error(`Permit2 has no code at ${permit2}; install it before deploying the executor`);
  }
  const hash = await walletClient.deployContract({
    abi: executorAbi,
    bytecode: executorArtifact.bytecode,
    args: [permit2, relayers, factories],
    account: walletClient.account,
    chain: walletClient.chain,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success" || !receipt.contractAddress) {
    throw new Error(`executor deployment ${hash} failed`);
  }
  return receipt.contractAddress;
}
