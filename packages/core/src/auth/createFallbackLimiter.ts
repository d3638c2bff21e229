/** Counters one isolate keeps at most (about 100 bytes each): a few MB, however many clients and keys an attack uses. */
const MAX_COUNTERS = 20_000;
/** Keys found genuine while Redis was down, kept at most (cleared when full; only real keys ever enter). */
const MAX_KNOWN = 10_000;
/** Where counters go once the bound is reached: the newcomers share one budget instead of getting one each. */
const OVERFLOW = "overflow";

export type CreateFallbackLimiterParameters = {
  /** The window of every counter (`AUTH_WINDOW_MS`). */
  windowMs?: number;
  maxCounters?: number;
};

export type FallbackLimiter = {
  /** Counts one more under `counter` (e.g. `miss:<client>`, `rate:<key hash>`) in the window of `now`; the count, this one included. */
  count(counter: string, now: number): number;
  /**
   * Keys Postgres answered active while Redis was down (hash → requests per minute): not guesses, so their lookups
   * are not charged to the client's budget, and their limit is known before the lookup.
   */
  known: { get(hash: string): number | undefined; set(hash: string, perMinute: number): void; delete(hash: string): void };
  /** Counters held now (for tests of the bound). */
  size(): number;
};

/**
 * The limits `authenticateAndLimit` keeps in Redis, kept in this isolate's memory instead while Redis cannot be
 * reached: fixed one-minute windows (every counter dropped when the window turns, so nothing outlives its minute).
 * Coarser than Redis's (per isolate, not shared, fixed rather than sliding), but it keeps a Redis incident from
 * becoming a Postgres one: without it every made-up key was a database lookup, and a valid key unlimited work.
 * Lives in the isolate's caches (`createIsolateCaches`), handed to the auth path by `requireApiKey`.
 */
export function createFallbackLimiter({ windowMs = 60_000, maxCounters = MAX_COUNTERS }: CreateFallbackLimiterParameters = {}): FallbackLimiter {
  let window = -1;
  const counters = new Map<string, number>();
  const known = new Map<string, number>();
  return {
    count(counter, now) {
      const current = Math.floor(now / windowMs);
      if (current !== window) {
        window = current;
        counters.clear();
      }
      const name = counters.has(counter) || counters.size < maxCounters ? counter : OVERFLOW;
      const count = (counters.get(name) ?? 0) + 1;
      counters.set(name, count);
      return count;
    },
    known: {
      get: (hash) => known.get(hash),
      set(hash, perMinute) {
        if (!known.has(hash) && known.size >= MAX_KNOWN) known.clear();
        known.set(hash, perMinute);
      },
      delete: (hash) => void known.delete(hash),
    },
    size: () => counters.size,
  };
}
