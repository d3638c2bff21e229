import type { Hash, PublicClient, TransactionReceipt } from "viem";
import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";

export type ReadRelayedReceiptParameters = {
  /** Where the repair's replacements are recorded; without it only `hash` itself is read (a user-paid transaction). */
  redis: Redis | undefined;
  client: PublicClient;
  chainId: number;
  /** The hash the relayer first sent (what a usage event or a pending-spend record holds). */
  hash: Hash;
};

export type ReadRelayedReceiptReturnType = {
  /**
   * The receipt of the transaction of the chain that was mined; none yet: undefined. A replacement shares its nonce
   * (at most one of the two is mined), but an attempt re-signed at another nonce does not: should both be mined, the
   * permit lets one swap and the other revert, and the successful one is the outcome.
   */
  receipt: TransactionReceipt | undefined;
  /** `hash`, then its replacements, theirs, … (lower-case); the last one is the newest of a plain chain. */
  hashes: Hash[];
};

/** More replacements than any repair makes of one nonce (each one doubles the fees, within the chain's cap). */
const MAX_REPLACEMENTS = 16;

/**
 * Reads back a relayer transaction from the chain, following the repair's replacements (`recordRelayerReplacement`):
 * the relayer may have re-sent it at its nonce under another hash, and the one mined is what the chain shows. The
 * first hash's receipt is read while its replacement is looked up, so an unreplaced transaction costs no extra wait.
 * Throws when the chain or Redis does not answer (the outcome is then unknown, not "not mined").
 */
export async function readRelayedReceipt({ redis, client, chainId, hash }: ReadRelayedReceiptParameters): Promise<ReadRelayedReceiptReturnType> {
  const hashes: Hash[] = [];
  const receipts: Promise<TransactionReceipt | undefined>[] = [];
  const visit = (next: Hash) => {
    hashes.push(next);
    const receipt = readReceipt(client, next);
    receipt.catch(() => {}); // settled below; must not count as unhandled when Redis fails first
    receipts.push(receipt);
  };
  visit(hash.toLowerCase() as Hash);
  for (let i = 0; redis && i < hashes.length && hashes.length <= MAX_REPLACEMENTS; i++) {
    const replacements = (await redis.hgetall<Record<string, unknown>>(redisKeys.relayerReplacement(chainId, hashes[i]!))) ?? {};
    for (const replacement of Object.keys(replacements)) {
      if (!hashes.includes(replacement as Hash)) visit(replacement as Hash);
    }
  }
  const found = await Promise.all(receipts);
  return { receipt: found.find((receipt) => receipt?.status === "success") ?? found.find((receipt) => receipt !== undefined), hashes };
}

async function readReceipt(client: PublicClient, hash: Hash): Promise<TransactionReceipt | undefined> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (error) {
    if ((error as { name?: string }).name === "TransactionReceiptNotFoundError") return undefined;
    throw error;
  }
}
