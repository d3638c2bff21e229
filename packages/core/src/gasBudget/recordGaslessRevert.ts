import { decodeFunctionData, type Address, type Hash, type PublicClient } from "viem";
import { executorAbi } from "../executor/executorAbi.js";
import { logEvent } from "../observability/logEvent.js";
import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";
import { ACCOUNT_GASLESS_KEEP_SECONDS, accountGaslessWindow } from "./accountGaslessWindow.js";
import { GASLESS_REVERT_WINDOW_SECONDS } from "./gaslessRevertBudget.js";

export type RecordGaslessRevertParameters = {
  redis: Redis;
  client: PublicClient;
  chainId: number;
  /** The relayer transaction the chain mined reverted. */
  hash: Hash;
  /**
   * The API account whose solve sent it (from Sluice's own record of the solve): counted against the account's budget
   * too (`ACCOUNT_GASLESS_REVERTS_FLOOR`).
   */
  accountId?: string;
  now?: number;
};

/** The owner the revert was counted against and its reverts in the window; undefined when it is not an executor swap. */
export type RecordGaslessRevertReturnType = { owner: Address; reverts: number } | undefined;

/**
 * Once per transaction (KEYS[2], kept as long as the window): INCR, and the window's expiry set by the first revert;
 * with an account (KEYS[3], its current window: `accountGaslessWindow`), its `reverts` too, kept ARGV[2] seconds.
 * Answers the count, negated when this transaction was counted before.
 */
const COUNT = `if not redis.call('SET', KEYS[2], '1', 'NX', 'EX', ARGV[1]) then return -tonumber(redis.call('GET', KEYS[1]) or '0') end
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
if KEYS[3] then
  redis.call('HINCRBY', KEYS[3], 'reverts', 1)
  redis.call('EXPIRE', KEYS[3], ARGV[2])
end
return n`;

/**
 * Counts a reverted gasless swap against the owner whose permit it spent (`GASLESS_REVERTS_ALLOWED`) and the account
 * that solved it (`ACCOUNT_GASLESS_REVERTS_FLOOR`). The owner is
 * read from the mined transaction's calldata (the executor's `swap` or `swapWithWitness`), not from anything a caller
 * said. Called as soon as the relayer's transaction is mined reverted (`sendGaslessSolve`, so a burst of them is
 * counted before the next solve) and when its event settles (`finalizePendingSolves`), counted once per transaction;
 * logged for operators when counted.
 */
export async function recordGaslessRevert({ redis, client, chainId, hash, accountId, now }: RecordGaslessRevertParameters): Promise<RecordGaslessRevertReturnType> {
  const { input } = await client.getTransaction({ hash });
  let owner: Address;
  try {
    const call = decodeFunctionData({ abi: executorAbi, data: input });
    if (call.functionName !== "swap" && call.functionName !== "swapWithWitness") return undefined;
    owner = call.args[1];
  } catch {
    return undefined;
  }
  const keys = [redisKeys.gaslessReverts(chainId, owner), redisKeys.gaslessRevertCounted(chainId, hash)];
  if (accountId) keys.push(accountGaslessWindow({ chainId, accountId, now }).current);
  const answer = Number(await redis.eval<string[], number>(COUNT, keys, [String(GASLESS_REVERT_WINDOW_SECONDS), String(ACCOUNT_GASLESS_KEEP_SECONDS)]));
  if (answer > 0) logEvent("warn", "gasless.reverted", { chainId, owner, accountId, txHash: hash, reverts: answer });
  return { owner, reverts: Math.abs(answer) };
}
