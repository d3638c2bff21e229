import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";
import type { UsageEvent } from "./usageEventInput.js";

/**
 * The durable outbox for events that could not reach Postgres: a Redis hash keyed by event id. A hash (not a
 * list) makes every step idempotent: pushing the same event twice keeps one entry, and a drain deletes
 * exactly the ids it wrote, so concurrent or interrupted drains neither lose nor double anything.
 */
export const USAGE_OUTBOX_KEY = redisKeys.usageOutbox;
/** Events Postgres refused for good (e.g. an unknown account), kept for the operator with the reason. */
export const USAGE_DEAD_LETTER_KEY = redisKeys.usageDeadLetter;

export async function pushToUsageOutbox(redis: Redis, events: UsageEvent[]): Promise<void> {
  if (events.length === 0) return;
  await redis.hset(USAGE_OUTBOX_KEY, Object.fromEntries(events.map((e) => [e.id, JSON.stringify(e)])));
}

/** Redis may hand back the stored JSON already parsed; accept both. */
export function readOutboxEntry(value: unknown): UsageEvent {
  return (typeof value === "string" ? JSON.parse(value) : value) as UsageEvent;
}

/** An event the drain parked as refused for good, with the reason (`usage:outbox:dead`). */
export type DeadLetteredUsageEvent = { event: UsageEvent; reason: string };

/** Reads a dead-letter entry; like `readOutboxEntry`, Redis may hand it back parsed already. */
export function readDeadLetterEntry(value: unknown): DeadLetteredUsageEvent {
  return (typeof value === "string" ? JSON.parse(value) : value) as DeadLetteredUsageEvent;
}
