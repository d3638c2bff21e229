/**
 * A deposit as its origin chain recorded it: the canonical SpokePool's `FundsDeposited` event in the deposit
 * transaction, with every term of the relay (what the destination's fill must match) and the block it is in. This,
 * not the bridge protocol's answer, is what `/bridge/status` checks the destination against.
 */
import type { Address, Hash, PublicClient } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { readDepositEvents } from "./readDepositEvents.js";
import type { RelayData } from "./relayHashOf.js";

export type ReadOriginDepositParameters = {
  client: PublicClient;
  originChainId: number;
  spokePool: Address;
  depositTxHash: Hash;
  /** The deposit id asked about; without it the transaction must hold exactly one deposit. */
  depositId?: bigint;
};

export type ReadOriginDepositReturnType = { relayData: RelayData; destinationChainId: number; blockNumber: bigint } | undefined;

/**
 * The deposit, or undefined when the transaction is unknown, reverted or holds no deposit; a deposit transaction without
 * the named deposit id is refused as an upstream error (UPSTREAM_ERROR). Without a deposit id,
 * a transaction holding several deposits is refused (UPSTREAM_ERROR): picking one would report another deposit's
 * status.
 */
export async function readOriginDeposit(params: ReadOriginDepositParameters): Promise<ReadOriginDepositReturnType> {
  const { client, originChainId, spokePool, depositTxHash, depositId } = params;
  const read = await readDepositEvents({ client, originChainId, spokePool, txHash: depositTxHash });
  if (!read) return undefined;
  const { events } = read;
  const matching = depositId === undefined ? events : events.filter((e) => e.args.depositId === depositId);
  if (matching.length > 1) {
    throw new SluiceError("UPSTREAM_ERROR", `The bridge protocol named no deposit id, and transaction ${depositTxHash} holds ${matching.length} deposits`, {
      hint: "ask by originChainId and depositId",
    });
  }
  const event = matching[0];
  if (!event && events.length > 0) {
    // The transaction is a deposit, but not of the id the protocol named: its answer is about something else.
    throw new SluiceError("UPSTREAM_ERROR", `The bridge protocol named deposit id ${String(depositId)}, which transaction ${depositTxHash} does not hold`);
  }
  if (!event) return undefined;
  const a = event.args;
  return {
    relayData: {
      depositor: a.depositor, recipient: a.recipient, exclusiveRelayer: a.exclusiveRelayer, inputToken: a.inputToken, outputToken: a.outputToken,
      inputAmount: a.inputAmount, outputAmount: a.outputAmount, originChainId: BigInt(originChainId), depositId: a.depositId,
      fillDeadline: a.fillDeadline, exclusivityDeadline: a.exclusivityDeadline, message: a.message,
    },
    destinationChainId: Number(a.destinationChainId),
    blockNumber: read.blockNumber,
  };
}
