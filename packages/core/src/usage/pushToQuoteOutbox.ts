import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";
import type { UsageEvent } from "./usageEventInput.js";

/** Quote events kept while Postgres is down (`pushToQuoteOutbox`); drained after the usage outbox, by the same drain. */
export const USAGE_QUOTE_OUTBOX_KEY = redisKeys.usageQuoteOutbox;

/**
 * How many quote events wait for Postgres at most: about 16 MB at ~330 bytes an event, a fraction of the 100 MB
 * Upstash allows one key, and some minutes of quotes at a hundred a second. Past it, quotes are dropped.
 */
export const QUOTE_OUTBOX_CAP = 50_000;

/**
 * Keeps quote (`route`) events that could not reach Postgres in a hash of their own, at most `cap` of them (one
 * script: the count and the writes agree under concurrent callers; an event already kept, a retry, takes no more
 * room). Answers how many were dropped for want of room. Quotes move no money (only executed solves earn, interface
 * §2): losing some in a long outage loses a count on `/usage`, while letting them fill the usage outbox would stop the
 * solves that need it (a gasless solve is only sent once its event is durable).
 */
export async function pushToQuoteOutbox(redis: Redis, events: UsageEvent[], cap = QUOTE_OUTBOX_CAP): Promise<{ dropped: number }> {
  if (events.length === 0) return { dropped: 0 };
  const args = [String(cap), ...events.flatMap((e) => [e.id, JSON.stringify(e)])];
  return { dropped: Number(await redis.eval<string[], number>(PUSH_BOUNDED, [USAGE_QUOTE_OUTBOX_KEY], args)) };
}

/** ARGV: the cap, then (id, event) pairs. Answers how many events were dropped. */
const PUSH_BOUNDED = `
local cap = tonumber(ARGV[1])
local dropped = 0
for i = 2, #ARGV, 2 do
  if redis.call('HEXISTS', KEYS[1], ARGV[i]) == 1 or redis.call('HLEN', KEYS[1]) < cap then
    redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  else
    dropped = dropped + 1
  end
end
return dropped`;
