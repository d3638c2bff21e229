import type { Address } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";
import { logEvent } from "../observability/logEvent.js";
import { accountGaslessWindow } from "./accountGaslessWindow.js";
import { ACCOUNT_GASLESS_REVERT_SHARE_BPS, ACCOUNT_GASLESS_REVERTS_FLOOR, GASLESS_REVERTS_ALLOWED } from "./gaslessRevertBudget.js";

/**
 * How many of one owner's gasless swaps on one chain may be sent and not yet settled at once. The revert budget
 * (`GASLESS_REVERTS_ALLOWED`) counts a revert only once it is mined: without this bound, an owner firing many permits
 * at once (over several tokens, or one balance that covers them all) and then making them fail on chain (an approval
 * revoked in the same block) cost Sluice every one's gas before the first revert was counted. With it, a burst costs
 * at most this many; a wallet's ordinary use (a swap, the next one once the first is mined) never meets it.
 */
export const GASLESS_IN_FLIGHT_ALLOWED = 4;
/**
 * How many gasless swaps of one account on one chain, by owners not proven (no gasless swap of theirs succeeded on the
 * chain in 30 days, `markGaslessOwnerProven`), may be sent and not yet settled at once. The owner's bound above does
 * not stop an account firing one solve from each of many fresh wallets at once, all sent before the first revert is
 * counted against the account (`ACCOUNT_GASLESS_REVERTS_FLOOR`): this caps such a burst's gas at a hundred
 * transactions (then the account's revert budget pauses its new wallets). A hundred, not fewer: a wallet's or an app's
 * new users arrive together (fifty at once is an ordinary launch, and the stack's concurrency test sends that many),
 * and the 101st waits for (or pays gas for) its swap only until one is mined; proven users are never counted here.
 * Accounts are issued by the operator, so an account that bursts reverts is known and can be revoked.
 */
export const GASLESS_UNPROVEN_IN_FLIGHT_ALLOWED = 100;
/**
 * A slot whose release was lost (the worker stopped before its swap was settled) lapses this long after it was
 * taken: a transaction not settled by then is the relayer repair's and the finaliser's, and no longer a burst.
 */
export const GASLESS_SLOT_HOLD_MS = 3 * 60_000;

export type ClaimGaslessSlotParameters = {
  chainId: number;
  owner: Address;
  /** The API account solving: its own revert budget over all its owners (`ACCOUNT_GASLESS_REVERTS_FLOOR`). */
  accountId: string;
  /** The solve's event id: one slot per solve. */
  solve: string;
  now?: number;
};

/**
 * A slot taken (`release` gives it back; never throws), or none: the owner's swaps already in flight, or its reverts
 * in the window when they reached the budget meanwhile (`GASLESS_REVERTS_ALLOWED`, read again in the same step).
 */
export type ClaimGaslessSlotReturnType =
  | { release: () => Promise<void> } | { inFlight: number } | { reverts: number } | { accountReverts: number; accountSends: number }
  | { accountInFlight: number };

/**
 * The owner's reverts (KEYS[2]) at the budget: refused with them. The account's over its own, for an owner not proven
 * (KEYS[5] absent): the current window's `sends` and `reverts` (KEYS[3]) plus the previous window's (KEYS[4]) weighted
 * by ARGV[9] basis points, refused as `{ 'account', reverts, sends }`. This solve's slot already there (a retried call whose
 * first reply was lost): taken. Lapsed slots out; then, below the owner's bound (ARGV[2]) and, for an owner not proven,
 * below the account's bound over such owners (KEYS[6], ARGV[10]), this solve's slot in (scored by when it was taken),
 * in both. Answers `{ 'taken' }`, `{ 'reverts', n }`, `{ 'in-flight', n }` or `{ 'account-in-flight', n }`.
 */
const CLAIM = `
local reverts = tonumber(redis.call('GET', KEYS[2]) or '0')
if reverts >= tonumber(ARGV[6]) then return { 'reverts', reverts } end
local unproven = redis.call('EXISTS', KEYS[5]) == 0
if unproven then
  local current = redis.call('HMGET', KEYS[3], 'sends', 'reverts')
  local previous = redis.call('HMGET', KEYS[4], 'sends', 'reverts')
  local weight = tonumber(ARGV[9])
  local sends = tonumber(current[1] or '0') + math.floor(tonumber(previous[1] or '0') * weight / 10000)
  local accountReverts = tonumber(current[2] or '0') + math.floor(tonumber(previous[2] or '0') * weight / 10000)
  if accountReverts >= tonumber(ARGV[7]) and accountReverts * 10000 > sends * tonumber(ARGV[8]) then
    return { 'account', accountReverts, sends }
  end
end
if redis.call('ZSCORE', KEYS[1], ARGV[4]) then return { 'taken' } end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local n = redis.call('ZCARD', KEYS[1])
if n >= tonumber(ARGV[2]) then return { 'in-flight', n } end
if unproven then
  redis.call('ZREMRANGEBYSCORE', KEYS[6], '-inf', ARGV[1])
  local m = redis.call('ZCARD', KEYS[6])
  if m >= tonumber(ARGV[10]) then return { 'account-in-flight', m } end
  redis.call('ZADD', KEYS[6], ARGV[3], ARGV[4])
  redis.call('PEXPIRE', KEYS[6], ARGV[5])
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return { 'taken' }`;

/**
 * Takes one of the owner's `GASLESS_IN_FLIGHT_ALLOWED` slots for a gasless send, atomically (concurrent solves in any
 * isolate see each other's), and for an owner not proven one of its account's `GASLESS_UNPROVEN_IN_FLIGHT_ALLOWED`, unless its reverts reached the budget since the solve first read them (a burst timed to
 * land as the previous one's reverts are counted), or, for an owner not proven, its account's reverts are over the
 * account's budget (logged for operators). The slot is given back when nothing is sent, and once the sent
 * swap is mined (its revert, if any, already counted), so the next solve sees both. Redis failing: DEPENDENCY_DOWN
 * (nothing is sent; a gasless solve needs Redis for its nonce and lock anyway), and a slot the lost reply may have
 * taken is given back.
 */
export async function claimGaslessSlot(redis: Redis, p: ClaimGaslessSlotParameters): Promise<ClaimGaslessSlotReturnType> {
  const key = redisKeys.gaslessInFlight(p.chainId, p.owner);
  const accountKey = redisKeys.gaslessUnprovenInFlight(p.chainId, p.accountId);
  const now = p.now ?? Date.now();
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    // The account's slot too (absent for a proven owner: a no-op); a lost release lapses as the owner's does.
    await Promise.all([redis.zrem(key, p.solve).catch(() => {}), redis.zrem(accountKey, p.solve).catch(() => {})]);
  };
  const account = accountGaslessWindow({ chainId: p.chainId, accountId: p.accountId, now });
  let answer: [string, number?, number?];
  try {
    answer = await redis.eval<string[], [string, number?, number?]>(CLAIM, [
      key, redisKeys.gaslessReverts(p.chainId, p.owner), account.current, account.previous, redisKeys.gaslessOwnerProven(p.chainId, p.owner),
      accountKey,
    ], [
      String(now - GASLESS_SLOT_HOLD_MS), String(GASLESS_IN_FLIGHT_ALLOWED), String(now), p.solve, String(GASLESS_SLOT_HOLD_MS),
      String(GASLESS_REVERTS_ALLOWED), String(ACCOUNT_GASLESS_REVERTS_FLOOR), String(ACCOUNT_GASLESS_REVERT_SHARE_BPS),
      String(account.previousWeightBps), String(GASLESS_UNPROVEN_IN_FLIGHT_ALLOWED),
    ]);
  } catch (cause) {
    await release();
    throw new SluiceError("DEPENDENCY_DOWN", "Relayer coordination storage is unavailable; nothing was sent, retry shortly", { cause });
  }
  if (answer[0] === "reverts") return { reverts: Number(answer[1]) };
  if (answer[0] === "account") {
    const pause = { accountReverts: Number(answer[1]), accountSends: Number(answer[2]) };
    logEvent("warn", "gasless.account_paused", { chainId: p.chainId, accountId: p.accountId, owner: p.owner, ...pause });
    return pause;
  }
  if (answer[0] === "in-flight") return { inFlight: Number(answer[1]) };
  if (answer[0] === "account-in-flight") {
    const pause = { accountInFlight: Number(answer[1]) };
    logEvent("warn", "gasless.account_in_flight", { chainId: p.chainId, accountId: p.accountId, owner: p.owner, ...pause });
    return pause;
  }
  return { release };
}
