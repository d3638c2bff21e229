import type { Redis } from "../redis/createRedis.js";
import { USAGE_QUOTE_OUTBOX_KEY } from "./pushToQuoteOutbox.js";
import { readDeadLetterEntry, USAGE_DEAD_LETTER_KEY, USAGE_OUTBOX_KEY } from "./usageOutbox.js";

export type ReplayDeadLetteredUsageParameters = {
  redis: Redis;
  /** Only these events; default: every parked one. */
  ids?: string[];
};

export type ReplayDeadLetteredUsageReturnType = { replayed: number };

/**
 * Puts events the drain parked as refused for good (`usage:outbox:dead`) back into their outbox, once the operator has
 * mended what refused them (an account created, say); the next drain writes them, or parks them again with the new
 * reason. Quote events go back to the quotes' outbox (`pushToQuoteOutbox`), solves to the usage outbox: a replay of
 * many parked quotes must not fill the outbox a gasless solve needs. They move in one script (each added to the outbox, then taken off the dead-letter hash), so an event is
 * never in neither; it is written once whatever happens (the outbox is keyed by id, Postgres inserts by id).
 */
export async function replayDeadLetteredUsage({ redis, ids }: ReplayDeadLetteredUsageParameters): Promise<ReplayDeadLetteredUsageReturnType> {
  let parked: Record<string, unknown>;
  if (!ids) parked = (await redis.hgetall<Record<string, unknown>>(USAGE_DEAD_LETTER_KEY)) ?? {};
  else parked = ids.length === 0 ? {} : (await redis.hmget<Record<string, unknown>>(USAGE_DEAD_LETTER_KEY, ...ids)) ?? {};
  const moves: string[] = [];
  for (const [id, value] of Object.entries(parked)) {
    if (value === null || value === undefined) continue;
    const { event } = readDeadLetterEntry(value);
    moves.push(event.eventType === "route" ? "q" : "s", id, JSON.stringify(event));
  }
  if (moves.length === 0) return { replayed: 0 };
  return { replayed: Number(await redis.eval<string[], number>(REPLAY, [USAGE_DEAD_LETTER_KEY, USAGE_OUTBOX_KEY, USAGE_QUOTE_OUTBOX_KEY], moves)) };
}

/**
 * ARGV: (outbox, id, event) triples, outbox `s` (usage) or `q` (quotes). An entry another replay moved meanwhile is
 * left alone (it is in its outbox already).
 */
const REPLAY = `
local n = 0
for i = 1, #ARGV, 3 do
  if redis.call('HEXISTS', KEYS[1], ARGV[i + 1]) == 1 then
    local outbox = KEYS[2]
    if ARGV[i] == 'q' then outbox = KEYS[3] end
    redis.call('HSET', outbox, ARGV[i + 1], ARGV[i + 2])
    redis.call('HDEL', KEYS[1], ARGV[i + 1])
    n = n + 1
  end
end
return n`;
