/** Clients whose lookups one isolate counts at most (about 100 bytes each): a few MB, however many clients an attack uses. */
const MAX_CLIENTS = 20_000;
/**
 * Keys found genuine kept at most (cleared when full; only real keys ever enter), and as many rate counters of keys
 * and dashboard sessions: only keys Postgres answered active are ever counted there, so no made-up key fills them.
 */
const MAX_KEYS = 10_000;

export type CreateFallbackLimiterParameters = {
  /** The window of every counter (`AUTH_WINDOW_MS`). */
  windowMs?: number;
  /** Clients counted at most per window (`countMiss`). */
  maxClients?: number;
};

export type FallbackLimiter = {
  /**
   * Counts one more Postgres lookup of a key not known here, caused by `client`, in the window of `now`: the count,
   * this one included. Infinity for a client without a counter once `maxClients` have one: the newcomer's lookup is
   * refused (a made-up key is the only thing refused that way: genuine keys seen here are `known`, not counted here).
   */
  countMiss(client: string, now: number): number;
  /** Counts one more request of a genuine key (by its hash) in the window of `now`: the count, this one included. */
  countKeyRequest(hash: string, now: number): number;
  /** Counts one more dashboard request of a key (by its id) in the window of `now`: the count, this one included. */
  countSessionRequest(keyId: string, now: number): number;
  /**
   * Keys Postgres answered active (hash → requests per minute), while Redis was down or, through the key cache, before:
   * not guesses, so their lookups are not charged to the client's budget, and their limit is known before the lookup.
   */
  known: { get(hash: string): number | undefined; set(hash: string, perMinute: number): void; delete(hash: string): void };
  /** Counters held now, all kinds (for tests of the bound). */
  size(): number;
};

/**
 * The limits `authenticateAndLimit` keeps in Redis, kept in this isolate's memory instead while Redis cannot be
 * reached: fixed one-minute windows (every counter dropped when the window turns, so nothing outlives its minute).
 * Coarser than Redis's (per isolate, not shared, fixed rather than sliding), but it keeps a Redis incident from
 * becoming a Postgres one: without it every made-up key was a database lookup, and a valid key unlimited work.
 * Clients' lookups and keys' requests are counted apart, each kind bounded by itself: when the counters of keys were
 * shared with the clients', made-up keys from enough clients (an IPv6 /48 is 65,536 buckets) sent every genuine key's
 * first request of a minute to a budget they had spent, and every partner was refused.
 * Lives in the isolate's caches (`createIsolateCaches`), handed to the auth path by `requireApiKey`.
 */
export function createFallbackLimiter({ windowMs = 60_000, maxClients = MAX_CLIENTS }: CreateFallbackLimiterParameters = {}): FallbackLimiter {
  let window = -1;
  const misses = new Map<string, number>();
  const keyRequests = new Map<string, number>();
  const sessionRequests = new Map<string, number>();
  const known = new Map<string, number>();
  const turn = (now: number) => {
    const current = Math.floor(now / windowMs);
    if (current === window) return;
    window = current;
    misses.clear();
    keyRequests.clear();
    sessionRequests.clear();
  };
  /**
   * Only genuine keys reach these counters, so the bound is reached only by as many real keys in one minute; the
   * oldest counter then goes (that key starts its minute again) rather than any key being refused for want of room.
   */
  const countGenuine = (counters: Map<string, number>, name: string, now: number) => {
    turn(now);
    const count = (counters.get(name) ?? 0) + 1;
    if (count === 1 && counters.size >= MAX_KEYS) counters.delete(counters.keys().next().value!);
    counters.set(name, count);
    return count;
  };
  return {
    countMiss(client, now) {
      turn(now);
      const previous = misses.get(client);
      if (previous === undefined && misses.size >= maxClients) return Infinity;
      misses.set(client, (previous ?? 0) + 1);
      return (previous ?? 0) + 1;
    },
    countKeyRequest: (hash, now) => countGenuine(keyRequests, hash, now),
    countSessionRequest: (keyId, now) => countGenuine(sessionRequests, keyId, now),
    known: {
      get: (hash) => known.get(hash),
      set(hash, perMinute) {
        if (!known.has(hash) && known.size >= MAX_KEYS) known.clear();
        known.set(hash, perMinute);
      },
      delete: (hash) => void known.delete(hash),
    },
    size: () => misses.size + keyRequests.size + sessionRequests.size,
  };
}
