/**
 * A deposit as its origin chain recorded it: the canonical SpokePool's `FundsDeposited` event in the deposit
 * transaction, with every term of the relay (what the destination's fill must match) and the block it is in. This,
 * not the bridge protocol's answer, is what `/bridge/status` checks the destination against.
 */
import { isAddressEqual, type Address, type Hash, type Hex, type PublicClient } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { depositEventFingerprint } from "./depositEventFingerprint.js";
import { readDepositEvents, type DepositEvent } from "./readDepositEvents.js";
import type { RelayData } from "./relayHashOf.js";
import { addressFromWord } from "./addressFromWord.js";

/**
 * A tracked deposit's terms as its settlement row stores them (what `/bridge/track` read from the event): everything
 * a reorganisation that re-includes the transaction cannot change, unlike its sequential deposit id.
 */
export type TrackedDepositTerms = {
  depositor: Address; recipient: Address; inputToken: Address; outputToken: Address;
  inputAmount: bigint; outputAmount: bigint; destinationChainId: number;
  /** The id tracking recorded: preferred among deposits of identical terms, so the answer stays the same one. */
  depositId?: bigint;
  /**
   * The deposit's fingerprint as tracking recorded it (`depositEventFingerprint`; rows tracked before settlements were
   * per deposit have none): when present, the deposit is the one of that fingerprint — two deposits of equal terms from
   * two quotes in one transaction differ in it, while a reorganisation can swap their ids.
   */
  fingerprint?: Hex;
};

export type ReadOriginDepositParameters = {
  client: PublicClient;
  originChainId: number;
  spokePool: Address;
  depositTxHash: Hash;
  /** The deposit id asked about; without it (and without `tracked`) the transaction must hold exactly one deposit. */
  depositId?: bigint;
  /**
   * A tracked deposit, taken by its terms rather than by `depositId` (which is then ignored): a reorganisation can
   * re-include the transaction after another deposit, and the same deposit then carries another id.
   */
  tracked?: TrackedDepositTerms;
  /**
   * Asked by the transaction alone (a partner's status query naming no deposit, not one it tracks): a transaction
   * holding several deposits (a wallet's or a bundler's batch) is refused (MALFORMED_REQUEST, naming their ids),
   * whatever deposit id the protocol's answer names: its pick would decide whose deposit's status is answered.
   */
  byTransaction?: boolean;
};

/** `depth`: blocks on the deposit's block, its own included (`readDepositEvents`). */
export type ReadOriginDepositReturnType = { relayData: RelayData; destinationChainId: number; blockNumber: bigint; depth: bigint } | undefined;

const isTracked = (e: DepositEvent, t: TrackedDepositTerms) => {
  const a = e.args;
  return isAddressEqual(addressFromWord(a.depositor), t.depositor) && isAddressEqual(addressFromWord(a.recipient), t.recipient)
    && isAddressEqual(addressFromWord(a.inputToken), t.inputToken) && isAddressEqual(addressFromWord(a.outputToken), t.outputToken)
    && a.inputAmount === t.inputAmount && a.outputAmount === t.outputAmount && a.destinationChainId === BigInt(t.destinationChainId);
};

/**
 * The deposit, or undefined when the transaction is unknown, reverted or holds no deposit; a deposit transaction without
 * the named deposit id is refused as an upstream error (UPSTREAM_ERROR). Without a deposit id, a transaction holding
 * several deposits is refused (UPSTREAM_ERROR): picking one would report another deposit's status; asked
 * `byTransaction`, so is it whatever id the protocol named (MALFORMED_REQUEST). With `tracked`, the deposit of its
 * fingerprint (or, for a row without one, of its terms: the one of the recorded id among identical ones, else the
 * first, as tracking took the first); a transaction holding none is undefined.
 */
export async function readOriginDeposit(params: ReadOriginDepositParameters): Promise<ReadOriginDepositReturnType> {
  const { client, originChainId, spokePool, depositTxHash, depositId, tracked } = params;
  const read = await readDepositEvents({ client, originChainId, spokePool, txHash: depositTxHash });
  if (!read) return undefined;
  const { events } = read;
  if (tracked) {
    const { fingerprint } = tracked;
    const same = events.filter((e) => (fingerprint ? depositEventFingerprint(e, originChainId) === fingerprint : isTracked(e, tracked)));
    const event = same.find((e) => e.args.depositId === tracked.depositId) ?? same[0];
    return event && originDeposit(event, originChainId, read);
  }
  if (params.byTransaction && events.length > 1) {
    const ids = events.map((e) => String(e.args.depositId)).join(", ");
    throw new SluiceError("MALFORMED_REQUEST", `depositTxnRef: transaction ${depositTxHash} holds ${events.length} Across deposits (ids ${ids}); ask by originChainId and depositId`, {
      hint: "a deposit this account tracks is answered by its transaction alone",
    });
  }
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
  return originDeposit(event, originChainId, read);
}

function originDeposit(event: DepositEvent, originChainId: number, read: { blockNumber: bigint; depth: bigint }): NonNullable<ReadOriginDepositReturnType> {
  const a = event.args;
  return {
    relayData: {
      depositor: a.depositor, recipient: a.recipient, exclusiveRelayer: a.exclusiveRelayer, inputToken: a.inputToken, outputToken: a.outputToken,
      inputAmount: a.inputAmount, outputAmount: a.outputAmount, originChainId: BigInt(originChainId), depositId: a.depositId,
      fillDeadline: a.fillDeadline, exclusivityDeadline: a.exclusivityDeadline, message: a.message,
    },
    destinationChainId: Number(a.destinationChainId),
    blockNumber: read.blockNumber,
    depth: read.depth,
  };
}
