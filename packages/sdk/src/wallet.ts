import {
  encodeFunctionData, erc20Abi, maxUint256, publicActions,
  type Account, type Address, type Chain, type Hex, type PublicClient, type TransactionReceipt, type Transport, type WalletClient,
} from "viem";
import { SluiceTransactionError } from "./errors.js";

/** The user's wallet: a viem WalletClient with an account (local or JSON-RPC) and a chain. */
export type SluiceWalletClient = WalletClient<Transport, Chain | undefined, Account>;

/** What reads the chain: the given PublicClient, or the wallet's own transport. */
export type ChainReader = Pick<PublicClient, "readContract" | "waitForTransactionReceipt">;

export function readerFor(walletClient: SluiceWalletClient, publicClient?: ChainReader): ChainReader {
  return publicClient ?? (walletClient.extend(publicActions) as unknown as ChainReader);
}

/** An unsigned transaction for the user's wallet to send. */
export type TransactionRequest = { chainId: number; to: Address; data: Hex; value: bigint };

/**
 * The wallet is on the transaction's chain: its client's chain, or — a client without one (an injected wallet) — the
 * chain the wallet itself reports, since viem then sends to whatever chain the wallet is on.
 */
export async function requireWalletChain(walletClient: SluiceWalletClient, chainId: number, what: string): Promise<void> {
  const walletChain = walletClient.chain?.id ?? await walletClient.getChainId();
  if (walletChain !== chainId) {
    throw new Error(`${what} is on chain ${chainId} but the wallet client is on chain ${walletChain}: switch the wallet first`);
  }
}

/**
 * Gas sent over the estimate, in percent (as Sluice's relayer sends its own swaps). A swap's gas depends on state that
 * can change between the estimate and the block that mines it: a Uniswap V2 pair's first trade in a new second also
 * writes its two price accumulators (about 10,000 gas more), a V3 swap may cross another tick. Sent with the bare
 * estimate, such a transaction runs out of gas and reverts, and the user pays for the failed attempt.
 */
export const GAS_HEADROOM_PERCENT = 125n;

/** Sends a transaction from the user's wallet (gas: the estimate plus headroom) and waits for its receipt; a reverted transaction throws. */
export async function sendAndWait(
  walletClient: SluiceWalletClient, reader: ChainReader, tx: TransactionRequest, what: string,
): Promise<{ txHash: Hex; receipt: TransactionReceipt }> {
  const request = { account: walletClient.account, to: tx.to, data: tx.data, value: tx.value };
  // Estimated through the wallet's own transport, as viem would before sending. An estimate that fails (the wallet's
  // node a block behind the one that saw the approval's receipt) leaves the gas to the send, as before: it estimates
  // again, and throws there if the transaction would revert.
  const gas = await walletClient.extend(publicActions).estimateGas(request)
    .then((estimate) => (estimate * GAS_HEADROOM_PERCENT) / 100n, () => undefined);
  const txHash = await walletClient.sendTransaction({ ...request, chain: walletClient.chain ?? null, ...(gas !== undefined ? { gas } : {}) });
  const receipt = await reader.waitForTransactionReceipt({ hash: txHash });
  if (receipt.status !== "success") throw new SluiceTransactionError(`${what} reverted: ${txHash}`, txHash);
  return { txHash, receipt };
}

/** `approve(spender, max)` of a token, as a transaction for the wallet. */
export function approvalTransaction(chainId: number, token: Address, spender: Address): TransactionRequest {
  return { chainId, to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, maxUint256] }), value: 0n };
}

export function readAllowance(reader: ChainReader, token: Address, owner: Address, spender: Address): Promise<bigint> {
  return reader.readContract({ address: token, abi: erc20Abi, functionName: "allowance", args: [owner, spender] });
}
