/**
 * Whether an origin transaction is the refund of this (expired, unfilled) deposit, as far as the chain can show it.
 * The SpokePool refunds an expired deposit inside a relayer refund leaf (`ExecutedRelayerRefundRoot`): refund
 * addresses and amounts for one token, with no deposit id. So the refund is tied to the deposit by everything the
 * leaf does carry: the origin chain, the input token, an entry paying the depositor exactly the input amount, the
 * token actually transferred from the SpokePool to the depositor in that transaction, a block after the deposit's
 * and at the origin's confirmation depth. What stays untied: another expired deposit of the same depositor, token and
 * exact amount, refunded in its own leaf, cannot be told apart (see VALIDATION.md "Status").
 */
import { erc20Abi, isAddressEqual, parseAbi, parseEventLogs, type Address, type Hash, type PublicClient } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import type { RelayData } from "./relayHashOf.js";
import { addressFromWord } from "./addressFromWord.js";

export const refundRootAbi = parseAbi([
  "event ExecutedRelayerRefundRoot(uint256 amountToReturn, uint256 indexed chainId, uint256[] refundAmounts, uint32 indexed rootBundleId, uint32 indexed leafId, address l2TokenAddress, address[] refundAddresses, bool deferredRefunds, address caller)",
]);

export type ProvesRefundParameters = {
  client: PublicClient;
  spokePool: Address;
  refundTx: Hash;
  relayData: RelayData;
  /** The deposit's own block: a refund before it refunds something else. */
  depositBlock: bigint;
  /** The origin's confirmation depth (the refund's own block counts as 1). */
  confirmations: number;
};

/** Throws DEPENDENCY_DOWN when the origin does not tell its head: "not proven" would be a guess, not the chain's answer. */
export async function provesRefund({ client, spokePool, refundTx, relayData, depositBlock, confirmations }: ProvesRefundParameters): Promise<boolean> {
  const [receipt, head] = await Promise.all([
    // An unknown transaction (a wrong hint) proves nothing; that is an answer, not an outage.
    client.getTransactionReceipt({ hash: refundTx }).catch(() => undefined),
    client.getBlockNumber({ cacheTime: 0 }).catch((error: unknown) => {
      throw new SluiceError("DEPENDENCY_DOWN", `The chain ${relayData.originChainId} RPC did not answer; retry shortly`, { cause: error });
    }),
  ]);
  if (!receipt || receipt.status !== "success" || receipt.blockNumber <= depositBlock) return false;
  if (head - receipt.blockNumber + 1n < BigInt(Math.max(confirmations, 1))) return false;
  const depositor = addressFromWord(relayData.depositor);
  const inputToken = addressFromWord(relayData.inputToken);
  const fromPool = receipt.logs.filter((l) => isAddressEqual(l.address, spokePool));
  const leafPays = parseEventLogs({ abi: refundRootAbi, eventName: "ExecutedRelayerRefundRoot", logs: fromPool })
    .some(({ args: e }) => e.chainId === relayData.originChainId && isAddressEqual(e.l2TokenAddress, inputToken)
      && e.refundAddresses.some((to, i) => isAddressEqual(to, depositor) && e.refundAmounts[i] === relayData.inputAmount));
  const paid = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs.filter((l) => isAddressEqual(l.address, inputToken)) })
    .some(({ args: t }) => isAddressEqual(t.from, spokePool) && isAddressEqual(t.to, depositor) && t.value === relayData.inputAmount);
  return leafPays && paid;
}
