import type { Address } from "viem";
import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";

/** How long a successful gasless swap keeps its owner out of its account's pause. */
export const GASLESS_OWNER_PROVEN_SECONDS = 30 * 24 * 3600;

export type MarkGaslessOwnerProvenParameters = { chainId: number; owner: Address };

/**
 * Records that one of `owner`'s gasless swaps on the chain succeeded (read from its receipt): for 30 days the owner is
 * never paused for its account's reverts (`ACCOUNT_GASLESS_REVERTS_FLOOR`), only for its own. The account's pause is
 * for fresh wallets, which are free to make; a wallet that swapped for real is a user, and an attacker who makes fresh
 * wallets revert must not turn gasless swaps off for the partner's real users.
 */
export async function markGaslessOwnerProven(redis: Redis, p: MarkGaslessOwnerProvenParameters): Promise<void> {
  await redis.set(redisKeys.gaslessOwnerProven(p.chainId, p.owner), "1", { ex: GASLESS_OWNER_PROVEN_SECONDS });
}
