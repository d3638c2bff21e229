/**
 * What the origin chain says of a deposit: the `FundsDeposited` event that Across' canonical SpokePool emitted in the
 * transaction, by this depositor. `/bridge/track` records this, never the caller's figures.
 */
import { getAddress, isAddressEqual, parseAbi, parseEventLogs, sliceHex, type Address, type Hash, type Hex, type PublicClient } from "viem";
import { chainById } from "../chains/chains.js";
import { SluiceError } from "../errors/SluiceError.js";
import { bridgeDepositFingerprint } from "./bridgeDepositFingerprint.js";

export const fundsDepositedAbi = parseAbi([
  "event FundsDeposited(bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 indexed destinationChainId, uint256 indexed depositId, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, bytes32 indexed depositor, bytes32 recipient, bytes32 exclusiveRelayer, bytes message)",
]);

export type VerifyBridgeDepositParameters = { client: PublicClient; originChainId: number; originTxHash: Hash; depositor: Address };

export type VerifiedBridgeDeposit = {
  depositId: bigint;
  depositor: Address;
  recipient: Address;
  inputToken: Address;
  outputToken: Address;
  inputAmount: bigint;
  outputAmount: bigint;
  destinationChainId: number;
  fillDeadline: number;
  /** The deposit's `bridgeDepositFingerprint`: which `/bridge/quote` answer produced it. */
  fingerprint: Hex;
};

/** The one answer for a deposit the caller may not track: unknown, not a deposit, another's, or tracked by another account. */
export function bridgeDepositNotFound({ originChainId, originTxHash, depositor }: Omit<VerifyBridgeDepositParameters, "client">): SluiceError {
  return new SluiceError("NOT_FOUND", `No Across deposit by ${getAddress(depositor)} from a bridge quote this account requested in transaction ${originTxHash} on chain ${originChainId}`, {
    hint: "track the mined deposit transaction the depositor sent from a Sluice bridge quote requested with this account's key",
  });
}

/** A bytes32 holding an EVM address (upper 12 bytes zero), as the SpokePool's events encode addresses. */
export const addressFromWord = (word: Hex): Address => getAddress(sliceHex(word, 12));
const asAddress = addressFromWord;

/**
 * The deposit `depositor` made through the origin chain's canonical SpokePool in `originTxHash`. An unknown, pending
 * or reverted transaction, a transaction that is not such a deposit, or another depositor's deposit all answer the
 * same NOT_FOUND: the caller learns nothing about transactions that are not theirs to track.
 */
export async function verifyBridgeDeposit({ client, originChainId, originTxHash, depositor }: VerifyBridgeDepositParameters): Promise<VerifiedBridgeDeposit> {
  const chain = chainById(originChainId);
  const notFound = () => bridgeDepositNotFound({ originChainId, originTxHash, depositor });
  if (!chain) throw notFound();
  const receipt = await client.getTransactionReceipt({ hash: originTxHash }).catch((error: unknown) => {
    if ((error as { name?: string }).name === "TransactionReceiptNotFoundError") return null;
    throw new SluiceError("DEPENDENCY_DOWN", `The chain ${originChainId} RPC did not answer; retry shortly`, { cause: error });
  });
  if (!receipt || receipt.status !== "success") throw notFound();
  const events = parseEventLogs({
    abi: fundsDepositedAbi, eventName: "FundsDeposited",
    logs: receipt.logs.filter((log) => isAddressEqual(log.address, chain.spokePool)),
  });
  const event = events.find((e) => isAddressEqual(asAddress(e.args.depositor), depositor));
  if (!event) throw notFound();
  const a = event.args;
  return {
    depositId: a.depositId, depositor: asAddress(a.depositor), recipient: asAddress(a.recipient),
    inputToken: asAddress(a.inputToken), outputToken: asAddress(a.outputToken),
    inputAmount: a.inputAmount, outputAmount: a.outputAmount,
    destinationChainId: Number(a.destinationChainId), fillDeadline: a.fillDeadline,
    fingerprint: bridgeDepositFingerprint({
      originChainId, depositor: asAddress(a.depositor), recipient: asAddress(a.recipient), inputToken: asAddress(a.inputToken),
      outputToken: asAddress(a.outputToken), inputAmount: a.inputAmount, outputAmount: a.outputAmount,
      destinationChainId: a.destinationChainId, quoteTimestamp: a.quoteTimestamp, fillDeadline: a.fillDeadline, message: a.message,
    }),
  };
}
