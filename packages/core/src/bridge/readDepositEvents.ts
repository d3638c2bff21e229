/**
 * The canonical SpokePool's `FundsDeposited` events of one origin transaction, its block and how deep that block is
 * under the head: what both tracking (`verifyBridgeDeposit`) and status (`readOriginDeposit`) take a deposit from. The
 * receipt is read as mined, at any depth: a reorganisation can still drop the transaction or re-include it elsewhere
 * (where the SpokePool's sequential deposit id can change), so whoever makes something final of it checks `depth`
 * against the origin's confirmation depth first. Undefined when the transaction is unknown or reverted; an RPC that
 * does not answer is DEPENDENCY_DOWN.
 */
import { isAddressEqual, parseAbi, parseEventLogs, type Address, type Hash, type PublicClient } from "viem";
import { SluiceError } from "../errors/SluiceError.js";

export const fundsDepositedAbi = parseAbi([
  "event FundsDeposited(bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 indexed destinationChainId, uint256 indexed depositId, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, bytes32 indexed depositor, bytes32 recipient, bytes32 exclusiveRelayer, bytes message)",
]);

export type ReadDepositEventsParameters = { client: PublicClient; originChainId: number; spokePool: Address; txHash: Hash };

export type DepositEvent = ReturnType<typeof parseEventLogs<typeof fundsDepositedAbi, true, "FundsDeposited">>[number];

/** `depth`: blocks on the transaction's block, its own included (1 when it is the head). */
export type ReadDepositEventsReturnType = { events: DepositEvent[]; blockNumber: bigint; depth: bigint } | undefined;

export async function readDepositEvents({ client, originChainId, spokePool, txHash }: ReadDepositEventsParameters): Promise<ReadDepositEventsReturnType> {
  const down = (error: unknown) => new SluiceError("DEPENDENCY_DOWN", `The chain ${originChainId} RPC did not answer; retry shortly`, { cause: error });
  const receipt = await client.getTransactionReceipt({ hash: txHash }).catch((error: unknown) => {
    if ((error as { name?: string }).name === "TransactionReceiptNotFoundError") return undefined;
    throw down(error);
  });
  if (!receipt || receipt.status !== "success") return undefined;
  // The head after the receipt: never under the receipt's block, so the depth is at least 1.
  const head = await client.getBlockNumber({ cacheTime: 0 }).catch((error: unknown) => { throw down(error); });
  const events = parseEventLogs({ abi: fundsDepositedAbi, eventName: "FundsDeposited", logs: receipt.logs.filter((l) => isAddressEqual(l.address, spokePool)) });
  const depth = head >= receipt.blockNumber ? head - receipt.blockNumber + 1n : 1n;
  return { events, blockNumber: receipt.blockNumber, depth };
}
