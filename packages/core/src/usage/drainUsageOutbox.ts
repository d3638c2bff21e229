import type { Database } from "../db/createDb.js";
import { isDependencyDown } from "../errors/isDependencyDown.js";
import type { Redis } from "../redis/createRedis.js";
import { insertUsageEvents } from "./insertUsageEvents.js";
import { isPermanentRefusal } from "./isPermanentRefusal.js";
import { parseUsageEvents, type UsageEvent } from "./usageEventInput.js";
import { USAGE_QUOTE_OUTBOX_KEY } from "./pushToQuoteOutbox.js";
import { USAGE_DEAD_LETTER_KEY, USAGE_OUTBOX_KEY, readOutboxEntry } from "./usageOutbox.js";
import { logEvent } from "../observability/logEvent.js";
import { errorText } from "../observability/errorText.js";

export type DrainUsageOutboxResult = {
  /** Events taken out of the outboxes: written to Postgres (or found there) or parked as refused for good. */
  drained: number;
  inserted: number;
  /** Refused for good (`isPermanentRefusal`): parked in the dead-letter hash with the reason. */
  deadLettered: number;
  /** Refused for a reason that may pass: left in its outbox for the next drain. */
  retained: number;
};
export type DrainUsageOutboxParameters = {
  db: Database;
  redis: Redis;
  /** Stop after this many batches (of up to 500 events); default: until both outboxes are empty. */
  maxBatches?: number;
  /** Also the quotes' outbox, once the usage outbox is through (default true). */
  quotes?: boolean;
};

const BATCH = 500;

/**
 * Moves the outboxes into Postgres: the usage outbox (solves: money) first, then, once it is through within
 * `maxBatches`, the quotes' (`pushToQuoteOutbox`), so quotes piled up in an outage never delay a solve's credit. Each
 * batch is inserted (idempotently) before its ids are deleted from its outbox, so a crash in between only repeats an
 * insert that then records nothing. A batch Postgres refuses is
 * written event by event: an event refused for good (`isPermanentRefusal`: invalid, an unknown account) goes to the
 * dead-letter hash instead of blocking the rest (`replayDeadLetteredUsage` puts it back once mended); one refused
 * for any other reason (too many connections, a deadlock) stays in its outbox for the next drain, since it may be a
 * mined swap not yet credited. Throws when Postgres is (still) down; what was not drained stays in the outboxes.
 */
export async function drainUsageOutbox({ db, redis, maxBatches = Infinity, quotes = true }: DrainUsageOutboxParameters): Promise<DrainUsageOutboxResult> {
  const result: DrainUsageOutboxResult = { drained: 0, inserted: 0, deadLettered: 0, retained: 0 };
  const money = await drainHash(db, redis, USAGE_OUTBOX_KEY, maxBatches, result);
  if (quotes && money.through && money.batches < maxBatches) await drainHash(db, redis, USAGE_QUOTE_OUTBOX_KEY, maxBatches - money.batches, result);
  return result;
}

/** One outbox, up to `maxBatches` batches that held events; `through` when its scan came to the end. */
async function drainHash(
  db: Database, redis: Redis, key: string, maxBatches: number, result: DrainUsageOutboxResult,
): Promise<{ batches: number; through: boolean }> {
  let cursor: string | number = 0;
  let batches = 0;
  do {
    const [next, flat] = await redis.hscan(key, cursor, { count: BATCH });
    cursor = next;
    const events: UsageEvent[] = [];
    for (let i = 0; i < flat.length; i += 2) events.push(readOutboxEntry(flat[i + 1]));
    if (events.length === 0) continue;
    batches++;
    let done = events.map((e) => e.id);
    try {
      result.inserted += (await insertUsageEvents(db, parseUsageEvents(events))).inserted.length;
    } catch (error) {
      if (isDependencyDown(error)) throw error;
      done = [];
      for (const event of events) {
        if (await insertOrDeadLetter(db, redis, event, result)) done.push(event.id);
      }
    }
    if (done.length > 0) await redis.hdel(key, ...done);
    result.drained += done.length;
  } while (String(cursor) !== "0" && batches < maxBatches);
  return { batches, through: String(cursor) === "0" };
}

/** Writes one event; true when it is out of the outbox's hands (written, or parked as refused for good). */
async function insertOrDeadLetter(db: Database, redis: Redis, event: UsageEvent, result: DrainUsageOutboxResult): Promise<boolean> {
  try {
    result.inserted += (await insertUsageEvents(db, parseUsageEvents([event]))).inserted.length;
    return true;
  } catch (error) {
    if (isDependencyDown(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    if (!isPermanentRefusal(error)) {
      logEvent("error", "usage event not drained yet (kept in its outbox)", { eventId: event.id, error: errorText(reason) });
      result.retained += 1;
      return false;
    }
    await redis.hset(USAGE_DEAD_LETTER_KEY, { [event.id]: JSON.stringify({ event, reason }) });
    result.deadLettered += 1;
    return true;
  }
}
