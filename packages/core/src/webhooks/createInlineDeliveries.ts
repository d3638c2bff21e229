export type CreateInlineDeliveriesParameters = {
  /** How many delivery passes one isolate runs right after their events at once (default 2). */
  concurrent?: number;
  /**
   * A place not released this long after it was claimed is free again (default 60 s). On Workers, work after the
   * answer that outlives its allowance (`waitUntil`, 30 s) is cancelled and its `finally` never runs: without this,
   * two such passes would take the isolate's places for good, and its events would wait for the cron ever after.
   */
  maxHoldMs?: number;
  /** The clock (ms). */
  now?: () => number;
};

export type InlineDeliveries = {
  /**
   * A place for one pass right after an event, or `undefined` when the isolate already runs `concurrent` of them: the
   * caller then leaves its deliveries due for the cron. Call the returned function when the pass is over.
   */
  claim(): (() => void) | undefined;
  /** Passes running now (those past `maxHoldMs` no longer count). */
  readonly running: number;
};

/**
 * The isolate's budget of webhook delivery passes run right after their events. A pass keeps its database connection
 * while it waits on the receivers (up to an attempt's timeout, 10 s), so one per request let a flood of requests that
 * cost nothing — the sandbox's dry runs, which a signed body replays — hold a connection each for as long as their
 * endpoint stayed silent, until Postgres had none left for anyone. Within the budget a partner hears of an event at
 * once; past it, within a cron run. Kept per isolate (created once, beside the isolate's caches): places claimed and
 * when, nothing to share across requests' I/O.
 */
export function createInlineDeliveries({ concurrent = 2, maxHoldMs = 60_000, now = Date.now }: CreateInlineDeliveriesParameters = {}): InlineDeliveries {
  const held = new Map<symbol, number>();
  const prune = () => {
    const lapsed = now() - maxHoldMs;
    for (const [place, claimedAt] of held) if (claimedAt <= lapsed) held.delete(place);
  };
  return {
    claim() {
      prune();
      if (held.size >= concurrent) return undefined;
      const place = Symbol("inline delivery");
      held.set(place, now());
      return () => { held.delete(place); };
    },
    get running() {
      prune();
      return held.size;
    },
  };
}
