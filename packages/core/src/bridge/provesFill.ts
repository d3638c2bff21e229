/**
 * Whether a destination transaction is the fill of exactly this deposit: the SpokePool's `FilledRelay` with every term
 * of the relay the origin recorded (a `FilledRelay` naming the deposit id and depositor with other terms is another
 * relay: `fillRelay` accepts any relay data), in a block at the confirmation depth. Used to report the fill
 * transaction; whether the deposit is filled is the destination's `fillStatuses` (`readFillState`). Answers the fill
 * and whether it paid out terms the depositor updated after the deposit (`isUpdatedFill`).
 */
import { isAddressEqual, keccak256, parseAbi, parseEventLogs, zeroHash, type Address, type Hash, type PublicClient } from "viem";
import type { RelayData } from "./relayHashOf.js";

export const filledRelayAbi = parseAbi([
  "struct V3RelayExecutionEventInfo { bytes32 updatedRecipient; bytes32 updatedMessageHash; uint256 updatedOutputAmount; uint8 fillType; }",
  "event FilledRelay(bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 repaymentChainId, uint256 indexed originChainId, uint256 indexed depositId, uint32 fillDeadline, uint32 exclusivityDeadline, bytes32 exclusiveRelayer, bytes32 indexed relayer, bytes32 depositor, bytes32 recipient, bytes32 messageHash, V3RelayExecutionEventInfo relayExecutionInfo)",
]);

export type ProvesFillParameters = {
  client: PublicClient;
  spokePool: Address;
  fillTx: Hash;
  relayData: RelayData;
  /** The deepest block a counted fill may be in (`readFillState`'s block). */
  confirmedBlock: bigint;
};

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A deposit's fill: its transaction, and whether it paid out terms the depositor updated after the deposit. */
export type FillMatch = { fillTx: Hash; updated: boolean };

export async function provesFill({ client, spokePool, fillTx, relayData, confirmedBlock }: ProvesFillParameters): Promise<FillMatch | undefined> {
  const receipt = await client.getTransactionReceipt({ hash: fillTx }).catch(() => undefined);
  if (!receipt || receipt.status !== "success" || receipt.blockNumber > confirmedBlock) return undefined;
  const fill = parseEventLogs({ abi: filledRelayAbi, eventName: "FilledRelay", logs: receipt.logs.filter((l) => isAddressEqual(l.address, spokePool)) })
    .find(({ args }) => isFillOf(args, relayData));
  return fill && { fillTx, updated: isUpdatedFill(fill.args, relayData) };
}

type FilledRelayArgs = ReturnType<typeof parseEventLogs<typeof filledRelayAbi, true, "FilledRelay">>[number]["args"];

/** A slow fill (`FillType.SlowFill`) pays the relay's recipient and message, and an output set by the slow-fill leaf. */
const SLOW_FILL = 2;

/**
 * Whether a fill of this relay paid out other terms than the deposit's: a fill with a depositor's signed update
 * (`speedUpDeposit`, `fillRelayWithUpdatedDeposit`) pays `updatedRecipient` `updatedOutputAmount` and runs
 * `updatedMessage` instead, yet is recorded under the deposit's own relay hash, so the destination shows the deposit
 * filled. Such a fill did not pay what Sluice quoted and validated (the message that pays the app fee, the recipient
 * the partner asked for).
 */
export function isUpdatedFill(e: FilledRelayArgs, r: RelayData): boolean {
  const messageHash = r.message === "0x" ? zeroHash : keccak256(r.message);
  const x = e.relayExecutionInfo;
  if (x.fillType === SLOW_FILL) return false;
  return !same(x.updatedRecipient, r.recipient) || !same(x.updatedMessageHash, messageHash) || x.updatedOutputAmount !== r.outputAmount;
}

/** Whether a `FilledRelay`'s terms are every term of this relay. */
export function isFillOf(e: FilledRelayArgs, r: RelayData): boolean {
  // The SpokePool emits zero for an empty message, else its keccak256.
  const messageHash = r.message === "0x" ? zeroHash : keccak256(r.message);
  return e.originChainId === r.originChainId && e.depositId === r.depositId
    && same(e.depositor, r.depositor) && same(e.recipient, r.recipient) && same(e.exclusiveRelayer, r.exclusiveRelayer)
    && same(e.inputToken, r.inputToken) && same(e.outputToken, r.outputToken) && e.inputAmount === r.inputAmount
    && e.outputAmount === r.outputAmount && e.fillDeadline === r.fillDeadline && e.exclusivityDeadline === r.exclusivityDeadline
    && same(e.messageHash, messageHash);
}
