import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { GASLESS_REVERT_WINDOW_SECONDS } from "./gaslessRevertBudget.js";

export type RecordGaslessSendParameters = {
  chainId: number;
  /** The API account whose gasless solve the relayer sent. */
  accountId: string;
};

/** `sends` + 1, and the window's expiry set by the hash's first write (this or a revert's). */
const COUNT = `redis.call('HINCRBY', KEYS[1], 'sends', 1)
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return 1`;

/**
 * Counts a gasless swap the relayer sent for an account: the denominator of the account's revert share
 * (`ACCOUNT_GASLESS_REVERT_SHARE_BPS`). Counted once the transaction is sent, not when a slot is claimed: a solve that
 * sends nothing (its simulation failed) costs Sluice no gas and must not dilute the share. Called after the answer;
 * a lost count only makes the share stricter.
 */
export async function recordGaslessSend(redis: Redis, p: RecordGaslessSendParameters): Promise<void> {
  await redis.eval<string[], number>(COUNT, [redisKeys.gaslessAccount(p.chainId, p.accountId)], [String(GASLESS_REVERT_WINDOW_SECONDS)]);
}
