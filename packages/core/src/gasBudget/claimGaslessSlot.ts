import type { Address } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";

/**
 * How many of one owner's gasless swaps on one chain may be sent and not yet settled at once. The revert budget
 * (`GASLESS_REVERTS_ALLOWED`) counts a revert only once it is mined: without this bound, an owner firing many permits
 * at once (over several tokens, or one balance that covers them all) and then making them fail on chain (an approval
 * revoked in the same block) cost Sluice every one's gas before the first revert was counted. With it, a burst costs
 * at most this many; a wallet's ordinary use (a swap, the next one once the first is mined) never meets it.
 */
export const GASLESS_IN_FLIGHT_ALLOWED = 4;
/**
 * A slot whose release was lost (the worker stopped before its swap was settled) lapses this long after it was
 * taken: a transaction not settled by then is the relayer repair's and the finaliser's, and no longer a burst.
 */
export const GASLESS_SLOT_HOLD_MS = 3 * 60_000;

export type ClaimGaslessSlotParameters = {
  chainId: number;
  owner: Address;
  /** The solve's event id: one slot per solve. */
  solve: string;
  now?: number;
};

/** A slot taken (`release` gives it back; never throws), or the owner's swaps already in flight. */
export type ClaimGaslessSlotReturnType = { release: () => Promise<void> } | { inFlight: number };

/** Lapsed slots out; then, below the bound, this solve's slot in (scored by when it was taken). Answers -1 when taken. */
const CLAIM = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local n = redis.call('ZCARD', KEYS[1])
if n >= tonumber(ARGV[2]) then return n end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return -1`;

/**
 * Takes one of the owner's `GASLESS_IN_FLIGHT_ALLOWED` slots for a gasless send, atomically (concurrent solves in any
 * isolate see each other's). The slot is given back when nothing is sent, and once the sent swap is settled (its
 * revert, if any, already counted), so the next solve sees both. Redis failing: DEPENDENCY_DOWN (nothing is sent; a
 * gasless solve needs Redis for its nonce and lock anyway).
 */
export async function claimGaslessSlot(redis: Redis, p: ClaimGaslessSlotParameters): Promise<ClaimGaslessSlotReturnType> {
  const key = redisKeys.gaslessInFlight(p.chainId, p.owner);
  const now = p.now ?? Date.now();
  let answer: number;
  try {
    answer = Number(await redis.eval<string[], number>(CLAIM, [key],
      [String(now - GASLESS_SLOT_HOLD_MS), String(GASLESS_IN_FLIGHT_ALLOWED), String(now), p.solve, String(GASLESS_SLOT_HOLD_MS)]));
  } catch (cause) {
    throw new SluiceError("DEPENDENCY_DOWN", "Relayer coordination storage is unavailable; nothing was sent, retry shortly", { cause });
  }
  if (answer >= 0) return { inFlight: answer };
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await redis.zrem(key, p.solve).catch(() => {});
    },
  };
}
