import { redisKeys } from "../redis/redisKeys.js";
import type { Address } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import type { Redis } from "../redis/createRedis.js";

export type ClaimPermitOwnershipParameters = {
  chainId: number;
  owner: Address;
  nonce: bigint;
  /** The permit's deadline (unix seconds): the claim outlives it, after which the permit is worthless anyway. */
  deadline: bigint;
  accountId: string;
};

const HOUR = 3600;
/**
 * A permit's deadline may be at most this far past the chain's time (`verifyPermit`): its claims must outlive it, and
 * a swap's signature valid for longer only widens what a leaked one can do.
 */
export const PERMIT_MAX_LIFETIME_SECONDS = 30 * 24 * HOUR;
/** A day more than the longest permit: a chain whose clock is ahead of the server's is still covered. */
const MAX_SECONDS = PERMIT_MAX_LIFETIME_SECONDS + 24 * HOUR;

/** How long a permit's claims live (seconds): until an hour past its deadline, between an hour and 31 days. */
export function permitOwnershipTtl(deadline: bigint): number {
  const untilDeadline = Number(deadline) - Math.floor(Date.now() / 1000);
  return Math.min(MAX_SECONDS, Math.max(HOUR, untilDeadline + HOUR));
}

/** The refusal of a permit another account claimed first. */
export function permitOwnedElsewhere(owner: Address, nonce: bigint): SluiceError {
  return new SluiceError("PERMIT_INVALID", `Permit nonce ${nonce} of ${owner} is already in use through another Sluice integration`, {
    hint: "a signed permit serves one integration only; the user signs a new permit with an unused nonce",
  });
}

/**
 * The claim of an encode-only use (a dry run, or below the gasless minimum; a gasless send claims through
 * `claimPermitForSend`). A signed permit belongs to the first Sluice account that encodes it (either way): another
 * account presenting the same permit is refused, so it can neither take the user's swap nor its credit. An
 * encode-only use of a permit that a gasless solve has already sent is refused too (its calldata could only
 * revert or double-count). Kept in Redis (with the relayer's claims) so gasless solves keep working while Postgres
 * is down; the key lives until an hour past the permit's deadline.
 */
export async function claimPermitOwnership(redis: Redis, params: ClaimPermitOwnershipParameters): Promise<void> {
  const { chainId, owner, nonce, accountId } = params;
  const key = redisKeys.permitOwner(chainId, owner, nonce);
  const ttl = permitOwnershipTtl(params.deadline);
  let holder: string | null;
  let sent = 0;
  try {
    const claimed = await redis.set(key, accountId, { nx: true, ex: ttl });
    holder = claimed === "OK" ? accountId : await redis.get<string>(key);
    sent = await redis.exists(redisKeys.permitClaim(chainId, owner, nonce));
  } catch (cause) {
    throw new SluiceError("DEPENDENCY_DOWN", "Permit coordination storage is unavailable; nothing was sent, retry shortly", { cause });
  }
  if (holder !== null && holder !== accountId) throw permitOwnedElsewhere(owner, nonce);
  if (sent) {
    throw new SluiceError("PERMIT_INVALID", `Permit nonce ${nonce} of ${owner} was already submitted by a gasless solve; it cannot be encoded again`, {
      hint: "wait for that transaction, or sign a new permit with an unused nonce",
    });
  }
}
