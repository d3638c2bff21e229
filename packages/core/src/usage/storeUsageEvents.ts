import type { Database } from "../db/createDb.js";
import { isDependencyDown } from "../errors/isDependencyDown.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { Redis } from "../redis/createRedis.js";
import { insertUsageEvents } from "./insertUsageEvents.js";
import { parseUsageEvents } from "./usageEventInput.js";
import { pushToUsageOutbox } from "./usageOutbox.js";

export type StoreUsageEventsResult = {
  /** Events written now that were not there before. */
  recorded: number;
  /** Events recorded already: their id (a retry), or their transaction under another event (credited once). */
  duplicates: number;
  /** Postgres was unavailable: the events wait in the durable outbox and are written once it is back. */
  deferred: number;
};

/**
 * Records usage events exactly once: straight into Postgres, or, when Postgres is unavailable, into the
 * Redis outbox (answered as success; the drain writes them later). Fails only when both are down, and then
 * nothing is half-recorded: the caller retries with the same ids.
 */
export async function storeUsageEvents({ db, redis, events }: { db: Database; redis: Redis; events: unknown }): Promise<StoreUsageEventsResult> {
  const parsed = parseUsageEvents(events);
  try {
    const { inserted } = await insertUsageEvents(db, parsed);
    return { recorded: inserted.length, duplicates: parsed.length - inserted.length, deferred: 0 };
  } catch (error) {
    if (!isDependencyDown(error)) throw error;
    try {
      await pushToUsageOutbox(redis, parsed);
    } catch (outboxError) {
      throw new SluiceError("DEPENDENCY_DOWN", "Usage storage is unavailable (Postgres and Redis); retry with the same event ids", { cause: outboxError });
    }
    return { recorded: 0, duplicates: 0, deferred: parsed.length };
  }
}
