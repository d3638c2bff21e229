import { redisKeys } from "../redis/redisKeys.js";
import type { Address } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { newId } from "../ids/newId.js";
import type { Redis } from "../redis/createRedis.js";
import { releaseHeldKey } from "../redis/releaseHeldKey.js";

export type AcquireSpendLockParameters = {
  chainId: number;
  owner: Address;
  token: Address;
  /** Stops waiting: the lock is not wanted any more (a lock acquired meanwhile is released at once). */
  signal?: AbortSignal;
};

/** Releases the lock if this holder still has it; never throws (a lost release expires by itself). */
export type ReleaseSpendLock = () => Promise<void>;

/** Longest a solve may hold the lock (verify, simulate, send); a crashed holder's lock expires by then. */
const HOLD_MS = 20_000;
/**
 * Longest a solve waits for the lock before answering 503: well inside the 10 s a partner waits for any answer (a
 * lock orphaned by a Redis outage — its release lost — blocks that owner's solves with 503s until it expires).
 */
const WAIT_MS = 5_000;

/**
 * Takes the spend lock of one owner and input token: gasless solves that spend one balance are serialised, so each
 * one's balance check sees what the ones before it committed (`readPendingSpend`) and no solve that must fail is sent
 * (the relayer would pay its gas). A Redis SET NX PX held by a random holder id, because the isolates that serve one
 * wallet's solves share nothing else; waited for with backoff for at most 5 s (then DEPENDENCY_DOWN), and released
 * only by its holder. An aborted wait throws the signal's reason.
 */
export async function acquireSpendLock(redis: Redis, params: AcquireSpendLockParameters): Promise<ReleaseSpendLock> {
  const key = redisKeys.spendLock(params.chainId, params.owner, params.token);
  const holder = newId("lock");
  const release: ReleaseSpendLock = () => releaseHeldKey(redis, key, holder);
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    params.signal?.throwIfAborted();
    let acquired: string | null;
    try {
      acquired = await redis.set(key, holder, { nx: true, px: HOLD_MS });
    } catch (cause) {
      throw new SluiceError("DEPENDENCY_DOWN", "Relayer coordination storage is unavailable; nothing was sent, retry shortly", { cause });
    }
    if (acquired === "OK") {
      if (params.signal?.aborted) {
        await release();
        params.signal.throwIfAborted();
      }
      return release;
    }
    if (Date.now() - started > WAIT_MS) {
      throw new SluiceError("DEPENDENCY_DOWN", `Another solve spending ${params.token} of ${params.owner} is still in progress; nothing was sent, retry shortly`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(500, 25 * 2 ** Math.min(attempt, 5))));
  }
}
