import { redisKeys } from "../redis/redisKeys.js";
import { drainUsageOutbox, type DrainUsageOutboxParameters, type DrainUsageOutboxResult } from "./drainUsageOutbox.js";
import { USAGE_QUOTE_OUTBOX_KEY } from "./pushToQuoteOutbox.js";
import { USAGE_OUTBOX_KEY } from "./usageOutbox.js";

const DRAIN_LOCK_KEY = redisKeys.usageOutboxDraining;

/**
 * Drains the outboxes (the usage outbox, then the quotes') when either holds anything (one command: an empty hash
 * does not exist) and no other drain is running (a short Redis lease; correctness does not depend on it — drains are
 * idempotent — it only keeps many callers from draining at once).
 */
export async function drainUsageOutboxIfPending({ db, redis, maxBatches }: DrainUsageOutboxParameters): Promise<DrainUsageOutboxResult | undefined> {
  if ((await redis.exists(USAGE_OUTBOX_KEY, USAGE_QUOTE_OUTBOX_KEY)) === 0) return undefined;
  const lease = crypto.randomUUID();
  if ((await redis.set(DRAIN_LOCK_KEY, lease, { nx: true, px: 60_000 })) !== "OK") return undefined;
  try {
    return await drainUsageOutbox({ db, redis, maxBatches });
  } finally {
    if ((await redis.get<string>(DRAIN_LOCK_KEY)) === lease) await redis.del(DRAIN_LOCK_KEY);
  }
}
