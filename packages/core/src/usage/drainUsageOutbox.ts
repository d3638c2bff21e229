import type { Database } from "../db/createDb.js";
import { isDependencyDown } from "../errors/isDependencyDown.js";
import type { Redis } from "../redis/createRedis.js";
import { insertUsageEvents } from "./insertUsageEvents.js";
import { parseUsageEvents, type UsageEvent } from "./usageEventInput.js";
import { USAGE_DEAD_LETTER_KEY, USAGE_OUTBOX_KEY, readOutboxEntry } from "./usageOutbox.js";

export type DrainUsageOutboxResult = { drained: number; inserted: number; deadLettered: number };
export type DrainUsageOutboxParameters = {
  db: Database;
  redis: Redis;
  /** Stop after this many batches (of up to 500 events); default: until the outbox is empty. */
  maxBatches?: number;
};

const BATCH = 500;

/**
 * Moves the outbox into Postgres: each batch is inserted (idempotently) before its ids are deleted from the
 * outbox, so a crash in between only repeats an insert that then records nothing. An event Postgres refuses
 * for a reason other than an outage goes to the dead-letter hash instead of blocking the rest. Throws when
 * Postgres is (still) down; what was not drained stays in the outbox.
 */
export async function drainUsageOutbox({ db, redis, maxBatches = Infinity }: DrainUsageOutboxParameters): Promise<DrainUsageOutboxResult> {
  const result: DrainUsageOutboxResult = { drained: 0, inserted: 0, deadLettered: 0 };
  let cursor: string | number = 0;
  let batches = 0;
  do {
    const [next, flat] = await redis.hscan(USAGE_OUTBOX_KEY, cursor, { count: BATCH });
    cursor = next;
    const events: UsageEvent[] = [];
    for (let i = 0; i < flat.length; i += 2) events.push(readOutboxEntry(flat[i + 1]));
    if (events.length === 0) continue;
    try {
      result.inserted += (await insertUsageEvents(db, parseUsageEvents(events))).inserted.length;
    } catch (error) {
      if (isDependencyDown(error)) throw error;
      for (const event of events) await insertOrDeadLetter(db, redis, event, result);
    }
    await redis.hdel(USAGE_OUTBOX_KEY, ...events.map((e) => e.id));
    result.drained += events.length;
  } while (String(cursor) !== "0" && ++batches < maxBatches);
  return result;
}

async function insertOrDeadLetter(db: Database, redis: Redis, event: UsageEvent, result: DrainUsageOutboxResult) {
  try {
    result.inserted += (await insertUsageEvents(db, parseUsageEvents([event]))).inserted.length;
  } catch (error) {
    if (isDependencyDown(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    await redis.hset(USAGE_DEAD_LETTER_KEY, { [event.id]: JSON.stringify({ event, reason }) });
    result.deadLettered += 1;
  }
}
