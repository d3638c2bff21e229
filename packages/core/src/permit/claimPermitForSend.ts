import { redisKeys } from "../redis/redisKeys.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { Redis } from "../redis/createRedis.js";
import { releaseHeldKey } from "../redis/releaseHeldKey.js";
import type { SpendLockFence } from "./acquireSpendLock.js";
import { PermitBeingSpentError } from "./permitSpentErrors.js";
import { permitOwnedElsewhere, permitOwnershipTtl, type ClaimPermitOwnershipParameters } from "./claimPermitOwnership.js";

export type ClaimPermitForSendParameters = ClaimPermitOwnershipParameters & {
  /** Who claims (owner, nonce) for its send: the solve's event id. */
  claimant: string;
  /**
   * The owner's spend lock this solve holds: claimed only while it still holds it, and the lock is extended by its
   * lifetime from here (the send and the pending spend's record come after). Without it, no lock is checked.
   */
  spendLock?: SpendLockFence;
};

/**
 * 1: claimed. 2: (owner, nonce) is already being spent. 3: the permit belongs to another account (then nothing is set
 * but the ownership key, exactly as `claimPermitOwnership` leaves it). 4: the spend lock (KEYS[3], when given) is no
 * longer this solve's (nothing is set). Claimed with a lock: the lock's lifetime starts again (ARGV[6] ms).
 */
const CLAIM = `
if KEYS[3] then
  if redis.call('GET', KEYS[3]) ~= ARGV[5] then return 4 end
  redis.call('PEXPIRE', KEYS[3], ARGV[6])
end
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2]) then
  local holder = redis.call('GET', KEYS[1])
  if holder and holder ~= ARGV[1] then return 3 end
end
if redis.call('SET', KEYS[2], ARGV[3], 'NX', 'EX', ARGV[4]) then return 1 end
return 2`;

/**
 * A gasless send's two claims in one Redis script (one round trip): the permit's ownership for this account (the
 * key, lifetime and refusal of `claimPermitOwnership`), then (owner, nonce) for this send, so the same permit cannot be
 * submitted twice while the first transaction is in flight (Permit2's bitmap only says "used" once it is mined; keyed
 * on (owner, nonce), never on the signature bytes, which have several valid forms). The send's claim lives as long as
 * the ownership, until an hour past the permit's deadline: a transaction that waits unmined (a base fee above the cap,
 * a stuck nonce before it) can be mined as long as the permit is valid, so a claim that lapsed earlier would let the same
 * permit be sent again, one of the two reverting at the relayer's cost. Returns the release of the send's claim (the ownership stays), for when the solve
 * fails before sending.
 */
export async function claimPermitForSend(redis: Redis, params: ClaimPermitForSendParameters): Promise<() => Promise<void>> {
  const { chainId, owner, nonce, accountId, claimant } = params;
  const claimKey = redisKeys.permitClaim(chainId, owner, nonce);
  const ownershipTtl = permitOwnershipTtl(params.deadline);
  let outcome: number;
  try {
    const lock = params.spendLock;
    outcome = Number(await redis.eval(CLAIM,
      [redisKeys.permitOwner(chainId, owner, nonce), claimKey, ...(lock ? [lock.key] : [])],
      [accountId, String(ownershipTtl), claimant, String(ownershipTtl), ...(lock ? [lock.holder, String(lock.holdMs)] : [])]));
  } catch (cause) {
    // The script may have run and only its reply been lost: the claim would then be held by this solve, which sends
    // nothing, until an hour past the permit's deadline, and the retry this answer asks for refused as "already being
    // spent". Let go of it, only if it is this claimant's (best effort: a release that fails too leaves the key to expire).
    await releaseHeldKey(redis, claimKey, claimant);
    throw new SluiceError("DEPENDENCY_DOWN", "Permit coordination storage is unavailable; nothing was sent, retry shortly", { cause });
  }
  if (outcome === 4) {
    throw new SluiceError("DEPENDENCY_DOWN",
      `This solve outlasted its hold on ${owner}'s spend lock (another solve of the same balance may have started); nothing was sent, retry shortly`);
  }
  if (outcome === 3) throw permitOwnedElsewhere(owner, nonce);
  if (outcome !== 1) {
    // Which solve holds it (best effort: a failed read leaves the refusal without it).
    const holder = await redis.get<string>(claimKey).then((value) => (value === null ? undefined : String(value)), () => undefined);
    throw new PermitBeingSpentError(owner, nonce, holder);
  }
  return async () => {
    await releaseHeldKey(redis, claimKey, claimant);
  };
}
