import type { Redis } from "../redis/createRedis.js";
import { USAGE_OUTBOX_KEY } from "./usageOutbox.js";

/** Lets go of held events that Postgres now has (their ids): the drain would otherwise write them again, to no effect. */
export async function releaseHeldUsageEvents(redis: Redis, ids: string[]): Promise<void> {
  if (ids.length > 0) await redis.hdel(USAGE_OUTBOX_KEY, ...ids);
}
