import type { Address } from "viem";
import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";

/**
 * How many of an owner's gasless swaps on a chain reverted on chain in the current window (`recordGaslessRevert`).
 * Redis failing reads 0: the budget is a brake on griefing, not a gate a Redis outage should close (the solve's spend
 * lock needs Redis anyway).
 */
export async function readGaslessReverts(redis: Redis, chainId: number, owner: Address): Promise<number> {
  try {
    return Number((await redis.get<number | string>(redisKeys.gaslessReverts(chainId, owner))) ?? 0);
  } catch {
    return 0;
  }
}
