import type { Account, Chain, Hex, PublicClient, Transport, WalletClient } from "viem";
import type { SwapTransaction } from "./clientTypes.js";

/**
 * Sends Sluice's encode-only `transaction` from the user's own wallet (the user pays gas; the executor accepts the
 * permit's owner as caller) and waits until it is mined. Returns the hash and whether it succeeded.
 */
export async function submitEncodedSwap(
  wallet: WalletClient<Transport, Chain | undefined, Account>,
  reader: PublicClient,
  transaction: SwapTransaction,
): Promise<{ txHash: Hex; status: "success" | "reverted" }> {
  const txHash = await wallet.sendTransaction({
    account: wallet.account, chain: wallet.chain ?? null, to: transaction.to, data: transaction.data, value: BigInt(transaction.value),
  });
  const receipt = await reader.waitForTransactionReceipt({ hash: txHash });
  return { txHash, status: receipt.status };
}
