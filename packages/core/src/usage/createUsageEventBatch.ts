import { SluiceError } from "../errors/SluiceError.js";
import { recordUsage, type UsageRecorderBinding } from "./recordUsage.js";
import type { UsageEventInput } from "./usageEventInput.js";

/** How long the first event of a batch waits for others before the batch is recorded. */
export const USAGE_BATCH_WINDOW_MS = 250;
/** A batch this large is recorded at once, without waiting for the window. */
export const USAGE_BATCH_MAX_EVENTS = 100;

export type UsageEventBatch = {
  /**
   * Queues one event (after the answer); it is recorded with the others of its window in one call of the recorder.
   * `background` keeps the batch's recording running after the answer (the request's `waitUntil`).
   */
  add(parameters: { usage: UsageRecorderBinding; event: UsageEventInput; background: (work: Promise<unknown>) => void }): void;
};

export type CreateUsageEventBatchParameters = {
  windowMs?: number;
  maxEvents?: number;
  /**
   * Told of events the recorder did not take, with its error: a batch while Postgres and its Redis outbox are both
   * down, or one event Postgres refused for good (its key deleted meanwhile).
   */
  onFailure?: (events: UsageEventInput[], error: unknown) => void;
};

/**
 * Quote (`route`) events of one isolate, recorded in batches: one recorder call and one Postgres transaction per
 * window of `windowMs` (or per `maxEvents`) instead of one per quote. Each event is still written once, by its id; it
 * waits in the isolate's memory for at most the window, under the `waitUntil` of the request that opened the batch,
 * as an unbatched event waited for its own recorder call. Only events that move no money go through it (quotes);
 * solves and confirmations keep their own, durable path. Created once per isolate (`IsolateCaches`).
 */
export function createUsageEventBatch({
  windowMs = USAGE_BATCH_WINDOW_MS, maxEvents = USAGE_BATCH_MAX_EVENTS, onFailure = () => {},
}: CreateUsageEventBatchParameters = {}): UsageEventBatch {
  let pending: UsageEventInput[] = [];
  let windowOpen = false;

  async function flush(usage: UsageRecorderBinding) {
    const events = pending;
    pending = [];
    if (events.length === 0) return;
    try {
      await recordUsage(usage, events);
    } catch (error) {
      // One event refused for good (MALFORMED_REQUEST, not an outage) must not cost the others of its batch their record.
      if (events.length === 1 || !(error instanceof SluiceError && error.code === "MALFORMED_REQUEST")) return onFailure(events, error);
      for (const event of events) await recordUsage(usage, [event]).catch((refused: unknown) => onFailure([event], refused));
    }
  }

  return {
    add({ usage, event, background }) {
      pending.push(event);
      if (pending.length >= maxEvents) {
        background(flush(usage));
      } else if (!windowOpen) {
        windowOpen = true;
        background(new Promise((resolve) => setTimeout(resolve, windowMs)).then(() => {
          windowOpen = false;
          return flush(usage);
        }));
      }
    },
  };
}
