import type { Database } from "../db/createDb.js";
import { isDependencyDown } from "../errors/isDependencyDown.js";
import { SluiceError } from "../errors/SluiceError.js";
import { logEvent } from "../observability/logEvent.js";
import type { Redis } from "../redis/createRedis.js";
import { insertUsageEvents } from "./insertUsageEvents.js";
import { pushToQuoteOutbox, QUOTE_OUTBOX_CAP } from "./pushToQuoteOutbox.js";
import { parseUsageEvents } from "./usageEventInput.js";
import { pushToUsageOutbox } from "./usageOutbox.js";

export type StoreUsageEventsResult = {
  /** Events written now that were not there before. */
  recorded: number;
  /** Events recorded already: their id (a retry), or their transaction under another event (credited once). */
  duplicates: number;
  /** Postgres was unavailable: the events wait in Redis (solves in the durable outbox) and are written once it is back. */
  deferred: number;
  /** Postgres was unavailable and the quotes' outbox full: quote events not kept (present only when some were). */
  dropped?: number;
};

export type StoreUsageEventsParameters = {
  db: Database;
  redis: Redis;
  events: unknown;
  /** How many quote events may wait for Postgres (`QUOTE_OUTBOX_CAP`). */
  quoteOutboxCap?: number;
};

/**
 * Records usage events exactly once: straight into Postgres, or, when Postgres is unavailable, into Redis (answered as
 * success; the drain writes them later). Solves, which move money, go to the durable usage outbox; quotes to a bounded
 * outbox of their own (`pushToQuoteOutbox`), dropped with a warning past its cap, so a long outage under quote traffic
 * cannot fill the key a gasless solve is held in before it is sent. Fails only when both stores are down, and then
 * the caller retries with the same ids (what was kept is kept once).
 */
export async function storeUsageEvents({ db, redis, events, quoteOutboxCap = QUOTE_OUTBOX_CAP }: StoreUsageEventsParameters): Promise<StoreUsageEventsResult> {
  const parsed = parseUsageEvents(events);
  try {
    const { inserted } = await insertUsageEvents(db, parsed);
    return { recorded: inserted.length, duplicates: parsed.length - inserted.length, deferred: 0 };
  } catch (error) {
    if (!isDependencyDown(error)) throw error;
    let dropped: number;
    try {
      await pushToUsageOutbox(redis, parsed.filter((e) => e.eventType !== "route"));
      ({ dropped } = await pushToQuoteOutbox(redis, parsed.filter((e) => e.eventType === "route"), quoteOutboxCap));
    } catch (outboxError) {
      throw new SluiceError("DEPENDENCY_DOWN", "Usage storage is unavailable (Postgres and Redis); retry with the same event ids", { cause: outboxError });
    }
    if (dropped === 0) return { recorded: 0, duplicates: 0, deferred: parsed.length };
    logEvent("warn", "usage quote events dropped", { dropped, cap: quoteOutboxCap, reason: "Postgres down and the quotes' outbox full" });
    return { recorded: 0, duplicates: 0, deferred: parsed.length - dropped, dropped };
  }
}
