/**
 * The canonical SpokePool's `FundsDeposited` events of one origin transaction, and its block: what both tracking
 * (`verifyBridgeDeposit`) and status (`readOriginDeposit`) take a deposit from. Undefined when the transaction is unknown
 * or reverted; an RPC that does not answer is DEPENDENCY_DOWN.
 */
import { isAddressEqual, parseAbi, parseEventLogs, type Address, type Hash, type PublicClient } from "viem";
import { SluiceError } from "../errors/SluiceError.js";

export const fundsDepositedAbi = parseAbi([
  "event FundsDeposited(bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 indexed destinationChainId, uint256 indexed depositId, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, bytes32 indexed depositor, bytes32 recipient, bytes32 exclusiveRelayer, bytes message)",
]);

export type ReadDepositEventsParameters = { client: PublicClient; originChainId: number; spokePool: Address; txHash: Hash };

export type DepositEvent = ReturnType<typeof parseEventLogs<typeof fundsDepositedAbi, true, "FundsDeposited">>[number];

export type ReadDepositEventsReturnType = { events: DepositEvent[]; blockNumber: bigint } | undefined;

export async function readDepositEvents({ client, originChainId, spokePool, txHash }: ReadDepositEventsParameters): Promise<ReadDepositEventsReturnType> {
  const receipt = await client.getTransactionReceipt({ hash: txHash }).catch((error: unknown) => {
    if ((error as { name?: string }).name === "TransactionReceiptNotFoundError") return undefined;
    throw new SluiceError("DEPENDENCY_DOWN", `The chain ${originChainId} RPC did not answer; retry shortly`, { cause: error });
  });
  if (!receipt || receipt.status !== "success") return undefined;
  const events = parseEventLogs({ abi: fundsDepositedAbi, eventName: "FundsDeposited", logs: receipt.logs.filter((l) => isAddressEqual(l.address, spokePool)) });
  return { events, blockNumber: receipt.blockNumber };
}
