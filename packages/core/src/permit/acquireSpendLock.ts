import { redisKeys } from "../redis/redisKeys.js";
import type { Address } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { newId } from "../ids/newId.js";
import type { Redis } from "../redis/createRedis.js";
import { deserializeRedisHash } from "../redis/deserializeRedisHash.js";
import { releaseHeldKey } from "../redis/releaseHeldKey.js";
import type { PendingSpendEntries } from "./readPendingSpend.js";

export type AcquireSpendLockParameters = {
  chainId: number;
  owner: Address;
  token: Address;
  /** Stops waiting: the lock is not wanted any more (a lock acquired meanwhile is released at once). */
  signal?: AbortSignal;
};

/** Releases the lock if this holder still has it; never throws (a lost release expires by itself). */
export type ReleaseSpendLock = () => Promise<void>;

/**
 * The lock as its holder knows it: a later step checks it is still held and extends it in the same script as its own
 * work (`claimPermitForSend`), so a solve slower than the lock's lifetime sends nothing.
 */
export type SpendLockFence = { key: string; holder: string; holdMs: number };

export type AcquireSpendLockReturnType = {
  release: ReleaseSpendLock;
  fence: SpendLockFence;
  /**
   * The owner's pending-spend record (`recordPendingSpend`) as `HGETALL` answers it, read by the script that took the
   * lock, so while holding it; `{}` when there is none. `readPendingSpend` (given these) makes the pending spend of it.
   */
  pendingEntries: PendingSpendEntries;
};

/** Longest a solve may hold the lock (verify, simulate, send); a crashed holder's lock expires by then. */
const HOLD_MS = 20_000;
/**
 * Longest a solve waits for the lock before answering 503: well inside the 10 s a partner waits for any answer (a
 * lock orphaned by a Redis outage — its release lost — blocks that owner's solves with 503s until it expires).
 */
const WAIT_MS = 5_000;

/**
 * One attempt: SET NX PX of the lock (KEYS[1]) to this holder; only if that took it, the pending-spend hash (KEYS[2]).
 * Not taken: nil. Taken: `{ "held", field, value, … }`, each field and value behind a prefix that is not JSON, so the
 * reply's parsing leaves the stored text as it is and it is read as `HGETALL` reads it (`deserializeRedisHash`).
 */
const ACQUIRE = `
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return false end
local reply = { 'held' }
for i, text in ipairs(redis.call('HGETALL', KEYS[2])) do reply[i + 1] = '~' .. text end
return reply`;

/**
 * Takes the spend lock of one owner and input token: gasless solves that spend one balance are serialised, so each
 * one's balance check sees what the ones before it committed (`readPendingSpend`) and no solve that must fail is sent
 * (the relayer would pay its gas). A Redis SET NX PX held by a random holder id, because the isolates that serve one
 * wallet's solves share nothing else; waited for with backoff for at most 5 s (then DEPENDENCY_DOWN), and released
 * only by its holder. An aborted wait throws the signal's reason.
 *
 * The attempt that takes the lock also reads the owner's pending-spend record, in the same script (one round trip,
 * and nothing can change the record between the two); an attempt that does not take it reads nothing. A failed
 * attempt (its reply lost) may have taken the lock: it is released, without waiting, before DEPENDENCY_DOWN is thrown.
 */
export async function acquireSpendLock(redis: Redis, params: AcquireSpendLockParameters): Promise<AcquireSpendLockReturnType> {
  const key = redisKeys.spendLock(params.chainId, params.owner, params.token);
  const pendingKey = redisKeys.pendingSpend(params.chainId, params.owner, params.token);
  const holder = newId("lock");
  const release: ReleaseSpendLock = () => releaseHeldKey(redis, key, holder);
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    params.signal?.throwIfAborted();
    let reply: string[] | null;
    try {
      reply = await redis.eval<string[], string[] | null>(ACQUIRE, [key, pendingKey], [holder, String(HOLD_MS)]);
    } catch (cause) {
      void release();
      throw new SluiceError("DEPENDENCY_DOWN", "Relayer coordination storage is unavailable; nothing was sent, retry shortly", { cause });
    }
    if (reply) {
      if (params.signal?.aborted) {
        await release();
        params.signal.throwIfAborted();
      }
      const flat = reply.slice(1).map((text) => String(text).slice(1));
      return { release, fence: { key, holder, holdMs: HOLD_MS }, pendingEntries: deserializeRedisHash<PendingSpendEntries>(flat) ?? {} };
    }
    if (Date.now() - started > WAIT_MS) {
      throw new SluiceError("DEPENDENCY_DOWN", `Another solve spending ${params.token} of ${params.owner} is still in progress; nothing was sent, retry shortly`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(500, 25 * 2 ** Math.min(attempt, 5))));
  }
}
