import { redisKeys } from "../redis/redisKeys.js";
import type { Address, Hash } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import type { Redis } from "../redis/createRedis.js";
import type { SpendLockFence } from "./acquireSpendLock.js";

export type RecordPendingSpendParameters = {
  chainId: number;
  owner: Address;
  token: Address;
  txHash: Hash;
  amount: bigint;
  /** The relayer and nonce it is sent with: once that nonce is spent in a finalized block, it can never be mined. */
  send?: { relayer: Address; nonce: number; sentAtMs?: number };
  /**
   * The owner's spend lock as this solve took it: the entry is written only while the lock is still this solve's, so
   * no other solve of the balance can have read the record without it.
   */
  spendLock?: SpendLockFence;
};

/** Two hours: by then a relayer transaction is mined or its nonce was repaired. */
const KEEP_SECONDS = 2 * 3600;

/**
 * KEYS: the record, how its entries were sent, and the spend lock (optional). ARGV: the hash, `raw:<amount>`, the
 * send (`''`: none), the lifetime (s), the lock's holder and hold (ms). 0: the lock is not this holder's (nothing is
 * written); 1: written, and the lock's lifetime starts again (a retry at another nonce gets the same time).
 */
const RECORD = `
if KEYS[3] then
  if redis.call('GET', KEYS[3]) ~= ARGV[5] then return 0 end
  redis.call('PEXPIRE', KEYS[3], ARGV[6])
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[4])
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
  redis.call('EXPIRE', KEYS[2], ARGV[4])
end
return 1`;

/**
 * Records input a gasless solve is sending, under its first attempt's hash, until the transaction (or the repair's
 * replacement of it) is mined, or its nonce is spent without it (see `readPendingSpend`). One round trip. With the
 * spend lock's fence, throws DEPENDENCY_DOWN (nothing written) when the solve outlasted its hold on the lock: another
 * solve may have read the record without this input and be spending the same balance.
 */
export async function recordPendingSpend(redis: Redis, { chainId, owner, token, txHash, amount, send, spendLock }: RecordPendingSpendParameters): Promise<void> {
  const keys = [redisKeys.pendingSpend(chainId, owner, token), redisKeys.pendingSpendSends(chainId, owner, token), ...(spendLock ? [spendLock.key] : [])];
  const sent = send ? `${send.relayer.toLowerCase()}:${send.nonce}:${send.sentAtMs ?? Date.now()}` : "";
  const written = Number(await redis.eval(RECORD, keys, [txHash.toLowerCase(), `raw:${amount}`, sent, String(KEEP_SECONDS), spendLock?.holder ?? "", String(spendLock?.holdMs ?? 0)]));
  if (written !== 1) {
    throw new SluiceError("DEPENDENCY_DOWN",
      `This solve outlasted its hold on ${owner}'s spend lock (another solve of the same balance may have started); nothing was sent, retry shortly`);
  }
}
