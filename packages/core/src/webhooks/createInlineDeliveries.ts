export type CreateInlineDeliveriesParameters = {
  /** How many delivery passes one isolate runs right after their events at once (default 2). */
  concurrent?: number;
};

export type InlineDeliveries = {
  /**
   * A place for one pass right after an event, or `undefined` when the isolate already runs `concurrent` of them: the
   * caller then leaves its deliveries due for the cron. Call the returned function when the pass is over.
   */
  claim(): (() => void) | undefined;
  /** Passes running now. */
  readonly running: number;
};

/**
 * The isolate's budget of webhook delivery passes run right after their events. A pass keeps its database connection
 * while it waits on the receivers (up to an attempt's timeout, 10 s), so one per request let a flood of requests that
 * cost nothing — the sandbox's dry runs, which a signed body replays — hold a connection each for as long as their
 * endpoint stayed silent, until Postgres had none left for anyone. Within the budget a partner hears of an event at
 * once; past it, within a cron run. Kept per isolate (created once, beside the isolate's caches): a counter, nothing
 * to share across requests' I/O.
 */
export function createInlineDeliveries({ concurrent = 2 }: CreateInlineDeliveriesParameters = {}): InlineDeliveries {
  let running = 0;
  return {
    claim() {
      if (running >= concurrent) return undefined;
      running++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running--;
      };
    },
    get running() {
      return running;
    },
  };
}
