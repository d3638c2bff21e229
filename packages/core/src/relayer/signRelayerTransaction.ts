import { keccak256, type Address, type Hex, type PrivateKeyAccount } from "viem";

export type RelayerTransaction = {
  to: Address;
  data: Hex;
  value?: bigint;
  gas: bigint;
  nonce: number;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
};

/** Signs an EIP-1559 transaction locally; its hash is known before the node sees it. */
export async function signRelayerTransaction(
  account: PrivateKeyAccount, chainId: number, tx: RelayerTransaction,
): Promise<{ serialized: Hex; hash: Hex }> {
  const serialized = await account.signTransaction({
    chainId, type: "eip1559", to: tx.to, data: tx.data, value: tx.value ?? 0n, gas: tx.gas, nonce: tx.nonce,
    maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
  });
  return { serialized, hash: keccak256(serialized) };
}
