import type { Redis } from "../redis/createRedis.js";
import { ACCOUNT_GASLESS_KEEP_SECONDS, accountGaslessWindow } from "./accountGaslessWindow.js";

export type RecordGaslessSendParameters = {
  chainId: number;
  /** The API account whose gasless solve the relayer sent. */
  accountId: string;
  now?: number;
};

/** `sends` + 1 in the current window, kept while it can be read (`ACCOUNT_GASLESS_KEEP_SECONDS`). */
const COUNT = `redis.call('HINCRBY', KEYS[1], 'sends', 1)
redis.call('EXPIRE', KEYS[1], ARGV[1])
return 1`;

/**
 * Counts a gasless swap the relayer sent for an account: the denominator of the account's revert share
 * (`ACCOUNT_GASLESS_REVERT_SHARE_BPS`). Counted once the transaction is sent, not when a slot is claimed: a solve that
 * sends nothing (its simulation failed) costs Sluice no gas and must not dilute the share. Called after the answer;
 * a lost count only makes the share stricter.
 */
export async function recordGaslessSend(redis: Redis, p: RecordGaslessSendParameters): Promise<void> {
  const { current } = accountGaslessWindow(p);
  await redis.eval<string[], number>(COUNT, [current], [String(ACCOUNT_GASLESS_KEEP_SECONDS)]);
}
