import { redisKeys } from "../redis/redisKeys.js";
import type { Address } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import type { Redis } from "../redis/createRedis.js";

/** How long a claim lasts at most: by then its transaction is mined (the bitmap takes over) or was replaced. */
const MAX_CLAIM_SECONDS = 3600;

/**
 * Claims (owner, nonce) on a chain for one solve, so the same permit cannot be submitted twice while the first
 * transaction is in flight (Permit2's bitmap only says "used" once it is mined). Keyed on (owner, nonce) — never on
 * the signature bytes, which have several valid forms (EIP-2098, high-s). Returns a release function for when
 * the solve fails before sending.
 */
export async function claimPermitNonce(
  redis: Redis,
  { chainId, owner, nonce, claimant }: { chainId: number; owner: Address; nonce: bigint; claimant: string },
): Promise<() => Promise<void>> {
  const key = redisKeys.permitClaim(chainId, owner, nonce);
  let claimed: string | null;
  try {
    claimed = await redis.set(key, claimant, { nx: true, ex: MAX_CLAIM_SECONDS });
  } catch (cause) {
    throw new SluiceError("DEPENDENCY_DOWN", "Relayer coordination storage is unavailable; retry shortly", { cause });
  }
  if (claimed !== "OK") {
    throw new SluiceError("PERMIT_INVALID", `Permit nonce ${nonce} of ${owner} is already being spent by another solve`, {
      hint: "sign a new permit with an unused nonce",
    });
  }
  return async () => {
    await redis.eval(
      "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0",
      [key], [claimant],
    ).catch(() => {});
  };
}
