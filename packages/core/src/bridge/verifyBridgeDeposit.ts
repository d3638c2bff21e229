/**
 * What the origin chain says of a deposit: the `FundsDeposited` event that Across' canonical SpokePool emitted in the
 * transaction, by this depositor. `/bridge/track` records this, never the caller's figures.
 *
 * Read as soon as the transaction is mined, at any depth: a partner tracks right after its wallet reports the deposit
 * mined, and answering "not deep enough, retry" there would make every first use a retry loop. That is safe because
 * tracking settles nothing: the reconcile cron takes the deposit again from the transaction by its recorded terms (a
 * reorganisation that re-includes it can change its deposit id, never its terms) and records nothing but `pending`
 * (no status change, volume or webhook) until the deposit is at the origin's confirmation depth. A transaction a
 * reorganisation drops for good stays a `pending` row that backs off.
 */
import { getAddress, isAddressEqual, type Address, type Hash, type Hex, type PublicClient } from "viem";
import { chainById } from "../chains/chains.js";
import { SluiceError } from "../errors/SluiceError.js";
import { addressFromWord } from "./addressFromWord.js";
import { depositEventFingerprint } from "./depositEventFingerprint.js";
import { readDepositEvents } from "./readDepositEvents.js";

export { fundsDepositedAbi } from "./readDepositEvents.js";

export type VerifyBridgeDepositParameters = {
  client: PublicClient;
  originChainId: number;
  originTxHash: Hash;
  depositor: Address;
  /**
   * Which of the depositor's deposits in the transaction is meant, when it holds several (a wallet's batch: another
   * Across deposit before Sluice's, or several of Sluice's): the first the first test accepts, else the first the next
   * one accepts… (for `/bridge/track`: one of the account's own quotes with the request's terms, then any of its own
   * quotes), else the first.
   */
  isWanted?: readonly ((deposit: VerifiedBridgeDeposit) => Promise<boolean>)[];
};

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

const asAddress = addressFromWord;

/**
 * The deposit `depositor` made through the origin chain's canonical SpokePool in `originTxHash`. An unknown, pending
 * or reverted transaction, a transaction that is not such a deposit, or another depositor's deposit all answer the
 * same NOT_FOUND: the caller learns nothing about transactions that are not theirs to track.
 */
export async function verifyBridgeDeposit({ client, originChainId, originTxHash, depositor, isWanted }: VerifyBridgeDepositParameters): Promise<VerifiedBridgeDeposit> {
  const chain = chainById(originChainId);
  const notFound = () => bridgeDepositNotFound({ originChainId, originTxHash, depositor });
  if (!chain) throw notFound();
  const read = await readDepositEvents({ client, originChainId, spokePool: chain.spokePool, txHash: originTxHash });
  const deposits = (read?.events ?? []).filter((e) => isAddressEqual(asAddress(e.args.depositor), depositor)).map((event) => {
    const a = event.args;
    const terms = {
      depositor: asAddress(a.depositor), recipient: asAddress(a.recipient), inputToken: asAddress(a.inputToken),
      outputToken: asAddress(a.outputToken), inputAmount: a.inputAmount, outputAmount: a.outputAmount, fillDeadline: a.fillDeadline,
    };
    return { ...terms, depositId: a.depositId, destinationChainId: Number(a.destinationChainId), fingerprint: depositEventFingerprint(event, originChainId) };
  });
  if (deposits.length === 0) throw notFound();
  if (deposits.length > 1 && isWanted) {
    for (const wanted of isWanted) for (const deposit of deposits) if (await wanted(deposit)) return deposit;
  }
  return deposits[0]!;
}
