import { getAddress, isAddressEqual, keccak256, type Hash, type PublicClient, type Transaction } from "viem";
import { chains, type ChainName } from "../chains/chains.js";
import { chainSettings } from "../chains/chainSettings.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { RequestChain } from "../http/createRequestChain.js";
import type { Database } from "../db/createDb.js";
import { finalizePendingSolves } from "../usage/finalizePendingSolves.js";
import { findUsageEventByTx } from "../usage/findUsageEventByTx.js";
import { markUsageExecuted, type UsageRecorderBinding } from "../usage/recordUsage.js";
import { confirmEncodedSwap } from "./confirmEncodedSwap.js";
import { findEncodedSwap } from "./findEncodedSwap.js";

export type ConfirmUserSwapParameters = {
  db: Database;
  chain: RequestChain;
  accountId: string;
  txHash: Hash;
  usage: UsageRecorderBinding;
};

export type ConfirmUserSwapReturnType = {
  txHash: Hash;
  chain: ChainName;
  volumeUsd: number;
  /**
   * `executed` once the chain's confirmation depth is on top of the transaction and its event counts; `pending` until
   * then (also when it is deep enough but its receipt could not be read to settle it: the cron counts it later).
   */
  status: "executed" | "pending";
  confirmations: { current: number; required: number };
};

/**
 * `/confirm` (interface §4): credits a user-submitted swap once, after checking on chain that it is mined, succeeded,
 * went to the executor, was sent by the permit's owner and that keccak256 of its input equals calldata Sluice encoded
 * for this account. A relayer's (gasless) transaction is refused as already tracked; another account's swap answers
 * exactly like no swap. Another transaction for a swap already confirmed is a CONFLICT, unless the earlier one was
 * settled failed (a reorganisation dropped it): the user re-sent the same calldata, and the new transaction is
 * credited instead — the permit's Permit2 nonce lets only one of them succeed (`confirmEncodedSwap`, `markEventExecuted`).
 * The dropped transaction itself, mined again after it was settled failed, is credited the same way: what this answers
 * as tracked is what the ledger counts.
 */
export async function confirmUserSwap({ db, chain: requestChain, accountId, txHash, usage }: ConfirmUserSwapParameters): Promise<ConfirmUserSwapReturnType> {
  const hash = txHash.toLowerCase() as Hash;
  const { name: chain, client, deployment } = requestChain;
  if (!deployment.executor) throw new SluiceError("UNSUPPORTED_CHAIN", `Sluice's executor is not deployed on ${chain}`);
  const executor = deployment.executor;
  const { confirmations } = chainSettings(chain, deployment);

  const tx = await verifyMinedCall(client, chain, hash, executor);
  const swap = await findEncodedSwap(db, chain, keccak256(tx.input).toLowerCase());
  // A relayer's transaction is a gasless solve, tracked from its receipt: it is never credited again here.
  const holder = await findUsageEventByTx(db, chain, hash);
  const byRelayer = deployment.relayers.some((relayer) => isAddressEqual(relayer, tx.from));
  if (byRelayer || (holder && holder.id !== swap?.usageEventId)) {
    throw new SluiceError("CONFLICT", `Transaction ${hash} is already tracked as a gasless solve; its volume counts once, from its receipt`, {
      hint: "/confirm is for transactions the user sent with calldata from an encode-only /solve",
    });
  }
  // Another account's swap answers exactly like no swap: the caller learns nothing about it.
  if (!swap || swap.accountId !== accountId) {
    throw new SluiceError("NOT_FOUND", `Transaction ${hash} does not match any calldata Sluice encoded for this account on ${chain}`, {
      hint: "send the exact `transaction.data` /solve returned, unmodified, from the permit's owner",
    });
  }
  // Only the permit's owner can have sent the swap the user signed for; anything else is not this swap.
  if (!isAddressEqual(tx.from, swap.owner as `0x${string}`)) {
    throw new SluiceError("TRANSACTION_REJECTED",
      `Transaction ${hash} was sent by ${getAddress(tx.from)}, not by the permit's owner ${getAddress(swap.owner)}: no volume is tracked`, {
        hint: "the user who signed the permit sends the encode-only transaction from their own wallet",
      });
  }
  const depth = await requireSucceeded(client, chain, hash);

  // Mined, but a reorganisation can still remove it until the chain's confirmation depth is on top: until then it is
  // tracked as pending, and the reporting cron (or the next usage read) counts it once it is deep enough.
  const final = depth >= confirmations;
  const confirmed = await confirmEncodedSwap(db, swap.id, hash);
  let executed = final;
  if (swap.usageEventId) {
    const marked = await markUsageExecuted(usage, swap.usageEventId, hash, final ? "succeeded" : "pending").catch((error: unknown) => {
      if (!(error instanceof SluiceError && error.code === "NOT_FOUND")) throw error;
      // The solve's event is not written yet (held for the operator after an outage of the recorder): the swap is
      // bound to this transaction already, and counts when the event is back and the partner confirms again.
      console.error("confirm: the encoded swap's usage event is missing", swap.usageEventId, hash);
      throw new SluiceError("DEPENDENCY_DOWN", `The usage record of the swap in ${hash} is not written yet; confirm again later`, {
        hint: "its volume is credited once the record is written; confirming again is safe",
      });
    });
    // Confirmed again once deep enough: an earlier confirmation left it pending; it counts now (once).
    if (final && marked.alreadyExecuted) executed = await settleDeepEnough(db, client, chain, hash, swap.usageEventId, confirmations);
  }
  return { txHash: hash, chain, volumeUsd: Number(confirmed.volumeUsd), status: executed ? "executed" : "pending", confirmations: { current: depth, required: confirmations } };
}

/**
 * Settles a re-confirmed swap now deep enough; whether its event counts. Answered from the ledger, not from the
 * depth: a receipt the finaliser could not read leaves the event pending (the cron settles it), and `executed` would
 * then say the swap counts while it does not yet (decisions §2.3).
 */
async function settleDeepEnough(db: Database, client: PublicClient, chain: ChainName, hash: Hash, eventId: string, confirmations: number): Promise<boolean> {
  const settled = await finalizePendingSolves({ db, clientFor: () => client, confirmationsFor: () => confirmations, eventIds: [eventId] });
  if (settled.succeeded > 0) return true;
  // Nothing settled now: counted already (an earlier call, the cron), or still pending.
  return (await findUsageEventByTx(db, chain, hash))?.outcome === "succeeded";
}

/** The transaction exists, is mined and went to the executor; returns it. */
async function verifyMinedCall(client: PublicClient, chain: ChainName, hash: Hash, executor: `0x${string}`): Promise<Transaction> {
  const tx = await client.getTransaction({ hash }).catch((error: unknown) => {
    if ((error as { name?: string }).name === "TransactionNotFoundError") return null;
    throw new SluiceError("DEPENDENCY_DOWN", `The ${chain} RPC did not answer; retry shortly`, { cause: error });
  });
  if (!tx) {
    throw new SluiceError("NOT_FOUND", `Unknown transaction: ${chains[chain].displayName} has no transaction ${hash}`, {
      hint: "check the hash and the chain; a transaction just sent may take a moment to propagate",
    });
  }
  // A node can still answer a transaction from its pool just after mining it (anvil does, and a provider's nodes may
  // disagree): its receipt decides whether it is mined.
  if (tx.blockNumber === null && !(await hasReceipt(client, chain, hash))) {
    throw new SluiceError("CONFLICT", `Transaction ${hash} is still pending; call /confirm again once it is mined`);
  }
  if (!tx.to || !isAddressEqual(tx.to, executor)) {
    throw new SluiceError("TRANSACTION_REJECTED",
      `Transaction ${hash} was sent to ${tx.to ? getAddress(tx.to) : "no contract (a deployment)"}, not to Sluice's executor ${getAddress(executor)} on ${chain}`);
  }
  return tx;
}

async function hasReceipt(client: PublicClient, chain: ChainName, hash: Hash): Promise<boolean> {
  return client.getTransactionReceipt({ hash }).then(() => true, (error: unknown) => {
    if ((error as { name?: string }).name === "TransactionReceiptNotFoundError") return false;
    throw new SluiceError("DEPENDENCY_DOWN", `The ${chain} RPC did not answer; retry shortly`, { cause: error });
  });
}

/** The transaction succeeded; returns how many blocks deep it is (its own block counts as 1). */
async function requireSucceeded(client: PublicClient, chain: ChainName, hash: Hash): Promise<number> {
  const [receipt, head] = await Promise.all([client.getTransactionReceipt({ hash }), client.getBlockNumber({ cacheTime: 0 })]).catch((error: unknown) => {
    throw new SluiceError("DEPENDENCY_DOWN", `The ${chain} RPC did not return the receipt; retry shortly`, { cause: error });
  });
  if (receipt.status !== "success") {
    throw new SluiceError("TRANSACTION_REJECTED", `Transaction ${hash} failed (reverted) on ${chain}: no volume is tracked`, {
      hint: "the swap did not happen; get a fresh quote and permit and try again",
    });
  }
  return Number(head - receipt.blockNumber + 1n);
}

