/**
 * The transaction that filled this relay, found on the destination chain itself: the SpokePool's `FilledRelay` logs of
 * the deposit's origin chain and id (both indexed) in the blocks just under the confirmed one, matched on every term of
 * the relay (`isFillOf`). Used when the destination shows the relay filled but the bridge protocol has not named (or
 * misnamed) its fill, so a `filled` answer still carries the chain's own fill transaction.
 */
import type { Address, Hash, PublicClient } from "viem";
import { filledRelayAbi, isFillOf } from "./provesFill.js";
import type { RelayData } from "./relayHashOf.js";

/** How far back from the confirmed block the fill is looked for: one log query most RPC providers accept. */
export const FILL_LOOKBACK_BLOCKS = 2_000n;

export type FindFillTransactionParameters = {
  client: PublicClient;
  spokePool: Address;
  relayData: RelayData;
  /** The block the fill status was read at (`readFillState`): the fill is in it or under it. */
  confirmedBlock: bigint;
};

/** Undefined when no such fill is in the window (filled longer ago). Throws when the chain does not answer. */
export async function findFillTransaction({ client, spokePool, relayData, confirmedBlock }: FindFillTransactionParameters): Promise<Hash | undefined> {
  const logs = await client.getContractEvents({
    address: spokePool, abi: filledRelayAbi, eventName: "FilledRelay",
    args: { originChainId: relayData.originChainId, depositId: relayData.depositId },
    fromBlock: confirmedBlock > FILL_LOOKBACK_BLOCKS ? confirmedBlock - FILL_LOOKBACK_BLOCKS : 0n, toBlock: confirmedBlock,
    strict: true,
  });
  return logs.find((log) => isFillOf(log.args, relayData))?.transactionHash ?? undefined;
}
