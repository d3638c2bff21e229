/**
 * A deposit's status as the chains show it. Across' answer is a hint: Sluice reports `filled` only with the
 * destination's `FilledRelay` of this deposit in the hinted fill transaction, `expired` only once the destination's
 * clock has passed the deposit's fill deadline, `refunded` only with the origin SpokePool's transfer of the input back
 * to the depositor in the hinted refund transaction. Where the chains do not bear the hint out, the answer is the
 * most the chains do show (`expired` for an unproven refund past the deadline, else `pending`) and the disagreement is
 * logged. A deposit the origin chain does not show is NOT_FOUND.
 */
import { erc20Abi, isAddressEqual, parseAbi, parseEventLogs, type Address, type Hash, type PublicClient } from "viem";
import { chainById } from "../chains/chains.js";
import { SluiceError } from "../errors/SluiceError.js";
import { unknownBridgeDeposit, type BridgeDeposit } from "./bridgeDepositStatus.js";
import { addressFromWord, fundsDepositedAbi } from "./verifyBridgeDeposit.js";

export const filledRelayAbi = parseAbi([
  "struct V3RelayExecutionEventInfo { bytes32 updatedRecipient; bytes32 updatedMessageHash; uint256 updatedOutputAmount; uint8 fillType; }",
  "event FilledRelay(bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 repaymentChainId, uint256 indexed originChainId, uint256 indexed depositId, uint32 fillDeadline, uint32 exclusivityDeadline, bytes32 exclusiveRelayer, bytes32 indexed relayer, bytes32 depositor, bytes32 recipient, bytes32 messageHash, V3RelayExecutionEventInfo relayExecutionInfo)",
]);

export type VerifyDepositStatusParameters = {
  hint: BridgeDeposit;
  originChainId: number;
  /** A client of a chain, by id (throws when this deployment cannot reach it). */
  clientFor: (chainId: number) => PublicClient;
  /** Where disagreements between the hint and the chains are reported. */
  log?: (message: string) => void;
};

const asAddress = addressFromWord;

export async function verifyDepositStatus(params: VerifyDepositStatusParameters): Promise<BridgeDeposit> {
  const { hint, originChainId, clientFor } = params;
  const log = params.log ?? ((message: string) => console.warn(message));
  const origin = chainById(originChainId);
  if (!origin || !/^0x[0-9a-fA-F]{64}$/.test(hint.depositTxHash)) throw unknownBridgeDeposit();
  const originClient = clientFor(originChainId);
  const deposit = await originDeposit(originClient, origin.spokePool, hint, originChainId);
  if (!deposit) {
    log(`bridge status: the protocol reports deposit ${originChainId}:${hint.depositId} in ${hint.depositTxHash}, which the origin chain does not show`);
    throw unknownBridgeDeposit();
  }
  // The destination is the one the origin chain recorded, whatever the hint says.
  const destination = chainById(deposit.destinationChainId);
  const destinationClient = clientFor(deposit.destinationChainId);
  const shown = (status: BridgeDeposit["status"]) => ({
    ...hint, status, destinationChainId: deposit.destinationChainId, originChainId,
    fillTx: status === "filled" ? hint.fillTx : null, refundTx: status === "refunded" ? hint.refundTx : null,
  });
  const disagree = (what: string) => log(`bridge status: the protocol reports ${hint.status} for ${originChainId}:${hint.depositId} but ${what}`);

  if (hint.status === "filled") {
    if (destination && hint.fillTx && await isFill(destinationClient, destination.spokePool, hint.fillTx as Hash, originChainId, deposit)) return shown("filled");
    disagree(`the destination shows no fill of it in ${hint.fillTx ?? "(no transaction)"}`);
  }
  const pastDeadline = (await destinationClient.getBlock({ blockTag: "latest" })).timestamp > BigInt(deposit.fillDeadline);
  if (hint.status === "refunded") {
    if (pastDeadline && hint.refundTx && await isRefund(originClient, origin.spokePool, hint.refundTx as Hash, deposit, originChainId)) return shown("refunded");
    disagree(`the origin shows no refund of it in ${hint.refundTx ?? "(no transaction)"}`);
  }
  if (hint.status === "expired" && !pastDeadline) disagree(`its fill deadline ${deposit.fillDeadline} has not passed on the destination`);
  return shown(pastDeadline && hint.status !== "pending" ? "expired" : "pending");
}

type OriginDeposit = { depositor: Address; inputToken: Address; inputAmount: bigint; destinationChainId: number; fillDeadline: number; depositId: bigint };

async function originDeposit(client: PublicClient, spokePool: Address, hint: BridgeDeposit, chainId: number): Promise<OriginDeposit | undefined> {
  const [receipt] = await receiptOf(client, hint.depositTxHash as Hash, chainId);
  if (!receipt || receipt.status !== "success") return undefined;
  const events = parseEventLogs({ abi: fundsDepositedAbi, eventName: "FundsDeposited", logs: receipt.logs.filter((l) => isAddressEqual(l.address, spokePool)) });
  const event = events.find((e) => e.args.depositId.toString() === hint.depositId) ?? (hint.depositId ? undefined : events[0]);
  if (!event) return undefined;
  return {
    depositor: asAddress(event.args.depositor), inputToken: asAddress(event.args.inputToken), inputAmount: event.args.inputAmount,
    destinationChainId: Number(event.args.destinationChainId), fillDeadline: event.args.fillDeadline, depositId: event.args.depositId,
  };
}

async function receiptOf(client: PublicClient, hash: Hash, chainId: number) {
  try {
    return [await client.getTransactionReceipt({ hash })];
  } catch (error) {
    if ((error as { name?: string }).name === "TransactionReceiptNotFoundError") return [];
    throw new SluiceError("DEPENDENCY_DOWN", `The chain ${chainId} RPC did not answer; retry shortly`, { cause: error });
  }
}

/** The destination transaction emitted the SpokePool's FilledRelay of exactly this deposit. */
async function isFill(client: PublicClient, spokePool: Address, hash: Hash, originChainId: number, deposit: OriginDeposit): Promise<boolean> {
  const [receipt] = await receiptOf(client, hash, deposit.destinationChainId);
  if (!receipt || receipt.status !== "success") return false;
  return parseEventLogs({ abi: filledRelayAbi, eventName: "FilledRelay", logs: receipt.logs.filter((l) => isAddressEqual(l.address, spokePool)) })
    .some((e) => e.args.originChainId === BigInt(originChainId) && e.args.depositId === deposit.depositId
      && isAddressEqual(asAddress(e.args.depositor), deposit.depositor));
}

/** The origin transaction moved at least the input amount of the input token from the SpokePool to the depositor. */
async function isRefund(client: PublicClient, spokePool: Address, hash: Hash, deposit: OriginDeposit, chainId: number): Promise<boolean> {
  const [receipt] = await receiptOf(client, hash, chainId);
  if (!receipt || receipt.status !== "success") return false;
  return parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs.filter((l) => isAddressEqual(l.address, deposit.inputToken)) })
    .some((e) => isAddressEqual(e.args.from, spokePool) && isAddressEqual(e.args.to, deposit.depositor) && e.args.value >= deposit.inputAmount);
}
