import { decodeFunctionData, type Address, type Hash, type PublicClient } from "viem";
import { executorAbi } from "../executor/executorAbi.js";
import { logEvent } from "../observability/logEvent.js";
import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";
import { GASLESS_REVERT_WINDOW_SECONDS } from "./gaslessRevertBudget.js";

export type RecordGaslessRevertParameters = {
  redis: Redis;
  client: PublicClient;
  chainId: number;
  /** The relayer transaction the chain mined reverted. */
  hash: Hash;
};

/** The owner the revert was counted against and its reverts in the window; undefined when it is not an executor swap. */
export type RecordGaslessRevertReturnType = { owner: Address; reverts: number } | undefined;

/** INCR, and the window's expiry set by the first revert. */
const COUNT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * Counts a reverted gasless swap against the owner whose permit it spent (`GASLESS_REVERTS_ALLOWED`). The owner is
 * read from the mined transaction's calldata (the executor's `swap` or `swapWithWitness`), not from anything a caller
 * said. Called once per settled event (the finaliser's conditional update), and logged for operators.
 */
export async function recordGaslessRevert({ redis, client, chainId, hash }: RecordGaslessRevertParameters): Promise<RecordGaslessRevertReturnType> {
  const { input } = await client.getTransaction({ hash });
  let owner: Address;
  try {
    const call = decodeFunctionData({ abi: executorAbi, data: input });
    if (call.functionName !== "swap" && call.functionName !== "swapWithWitness") return undefined;
    owner = call.args[1];
  } catch {
    return undefined;
  }
  const reverts = Number(await redis.eval<string[], number>(COUNT, [redisKeys.gaslessReverts(chainId, owner)], [String(GASLESS_REVERT_WINDOW_SECONDS)]));
  logEvent("warn", "gasless.reverted", { chainId, owner, txHash: hash, reverts });
  return { owner, reverts };
}
