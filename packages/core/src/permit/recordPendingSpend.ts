import { redisKeys } from "../redis/redisKeys.js";
import type { Address, Hash } from "viem";
import type { Redis } from "../redis/createRedis.js";

export type RecordPendingSpendParameters = {
  chainId: number;
  owner: Address;
  token: Address;
  txHash: Hash;
  amount: bigint;
  /** The relayer and nonce it is sent with: once that nonce is spent in a finalized block, it can never be mined. */
  send?: { relayer: Address; nonce: number; sentAtMs?: number };
};

/** Two hours: by then a relayer transaction is mined or its nonce was repaired. */
const KEEP_SECONDS = 2 * 3600;

/**
 * Records input a gasless solve is sending, under its first attempt's hash, until the transaction (or the repair's
 * replacement of it) is mined, or its nonce is spent without it (see `readPendingSpend`). One round trip.
 */
export async function recordPendingSpend(redis: Redis, { chainId, owner, token, txHash, amount, send }: RecordPendingSpendParameters): Promise<void> {
  const key = redisKeys.pendingSpend(chainId, owner, token);
  const hash = txHash.toLowerCase();
  const pipeline = redis.pipeline().hset(key, { [hash]: `raw:${amount}` }).expire(key, KEEP_SECONDS);
  if (send) {
    const sends = redisKeys.pendingSpendSends(chainId, owner, token);
    pipeline.hset(sends, { [hash]: `${send.relayer.toLowerCase()}:${send.nonce}:${send.sentAtMs ?? Date.now()}` }).expire(sends, KEEP_SECONDS);
  }
  await pipeline.exec();
}
