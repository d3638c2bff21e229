/** What the local Across API knows about one deposit, from the origin SpokePool's `FundsDeposited` event onwards. */
import { decodeEventLog, getAddress, type Address, type Hex, type Log } from "viem";
import { acrossBuild } from "../acrossArtifacts.js";

export type DepositStatus = "pending" | "filled" | "expired" | "refunded";

export type DepositRecord = {
  originChainId: number;
  destinationChainId: number;
  depositId: bigint;
  depositTxHash: Hex;
  depositor: Hex;
  recipient: Hex;
  exclusiveRelayer: Hex;
  inputToken: Hex;
  outputToken: Hex;
  inputAmount: bigint;
  outputAmount: bigint;
  quoteTimestamp: number;
  fillDeadline: number;
  exclusivityDeadline: number;
  message: Hex;
  status: DepositStatus;
  fillTx?: Hex;
  refundTx?: Hex;
  /** Left unfilled on request (POST /devnet/hold). */
  held: boolean;
  /** When the deposit was seen expired (ms), for the refund delay. */
  expiredAt?: number;
  fillAttempts: number;
};

export const depositKey = (originChainId: number, depositId: bigint) => `${originChainId}:${depositId}`;

export const bytes32ToAddress = (value: Hex): Address => getAddress(`0x${value.slice(-40)}`);

/** The record of a `FundsDeposited` log, or undefined when the log is something else. */
export function depositFromLog(originChainId: number, log: Log, isHeld: (depositor: Address) => boolean): DepositRecord | undefined {
  let decoded;
  try {
    decoded = decodeEventLog({ abi: acrossBuild("Ethereum_SpokePool").abi, data: log.data, topics: log.topics });
  } catch {
    return undefined;
  }
  if (decoded.eventName !== "FundsDeposited") return undefined;
  const a = decoded.args as unknown as {
    inputToken: Hex; outputToken: Hex; inputAmount: bigint; outputAmount: bigint; destinationChainId: bigint; depositId: bigint;
    quoteTimestamp: number; fillDeadline: number; exclusivityDeadline: number; depositor: Hex; recipient: Hex; exclusiveRelayer: Hex; message: Hex;
  };
  return {
    originChainId, destinationChainId: Number(a.destinationChainId), depositId: a.depositId, depositTxHash: log.transactionHash!,
    depositor: a.depositor, recipient: a.recipient, exclusiveRelayer: a.exclusiveRelayer, inputToken: a.inputToken, outputToken: a.outputToken,
    inputAmount: a.inputAmount, outputAmount: a.outputAmount, quoteTimestamp: a.quoteTimestamp, fillDeadline: a.fillDeadline,
    exclusivityDeadline: a.exclusivityDeadline, message: a.message, status: "pending", held: isHeld(bytes32ToAddress(a.depositor)), fillAttempts: 0,
  };
}
