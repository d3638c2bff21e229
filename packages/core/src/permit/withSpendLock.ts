import { redisKeys } from "../redis/redisKeys.js";
import type { Address } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { newId } from "../ids/newId.js";
import type { Redis } from "../redis/createRedis.js";

export type WithSpendLockParameters = { chainId: number; owner: Address; token: Address };

/** Longest a solve may hold the lock (verify, simulate, send); a crashed holder's lock expires by then. */
const HOLD_MS = 20_000;
/**
 * Longest a solve waits for the lock before answering 503: well inside the 10 s a partner waits for any answer (a
 * lock orphaned by a Redis outage — its release lost — blocks that owner's solves with 503s until it expires).
 */
const WAIT_MS = 5_000;

/**
 * Runs `work` while no other gasless solve of the same owner and input token runs: solves that spend one balance
 * are serialised, so each one's balance check sees what the ones before it committed (`readPendingSpend`) and no
 * solve that must fail is sent (the relayer would pay its gas). A Redis lock (SET NX PX, released only by its
 * holder) because the isolates that serve one wallet's solves share nothing else; waiting is bounded with backoff.
 */
export async function withSpendLock<T>(redis: Redis, params: WithSpendLockParameters, work: () => Promise<T>): Promise<T> {
  const key = redisKeys.spendLock(params.chainId, params.owner, params.token);
  const holder = newId("lock");
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    let acquired: string | null;
    try {
      acquired = await redis.set(key, holder, { nx: true, px: HOLD_MS });
    } catch (cause) {
      throw new SluiceError("DEPENDENCY_DOWN", "Relayer coordination storage is unavailable; nothing was sent, retry shortly", { cause });
    }
    if (acquired === "OK") break;
    if (Date.now() - started > WAIT_MS) {
      throw new SluiceError("DEPENDENCY_DOWN", `Another solve spending ${params.token} of ${params.owner} is still in progress; nothing was sent, retry shortly`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(500, 25 * 2 ** Math.min(attempt, 5))));
  }
  try {
    return await work();
  } finally {
    await redis.eval("if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0", [key], [holder])
      .catch(() => { /* expires by itself */ });
  }
}
