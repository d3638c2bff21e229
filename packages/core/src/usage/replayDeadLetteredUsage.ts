import type { Redis } from "../redis/createRedis.js";
import { readDeadLetterEntry, USAGE_DEAD_LETTER_KEY, USAGE_OUTBOX_KEY } from "./usageOutbox.js";

export type ReplayDeadLetteredUsageParameters = {
  redis: Redis;
  /** Only these events; default: every parked one. */
  ids?: string[];
};

export type ReplayDeadLetteredUsageReturnType = { replayed: number };

/**
 * Puts events the drain parked as refused for good (`usage:outbox:dead`) back into the outbox, once the operator has
 * mended what refused them (an account created, say); the next drain writes them, or parks them again with the new
 * reason. They move in one script (each added to the outbox, then taken off the dead-letter hash), so an event is
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
    moves.push(id, JSON.stringify(event));
  }
  if (moves.length === 0) return { replayed: 0 };
  return { replayed: Number(await redis.eval<string[], number>(REPLAY, [USAGE_DEAD_LETTER_KEY, USAGE_OUTBOX_KEY], moves)) };
}

/** ARGV: (id, event) pairs. An entry another replay moved meanwhile is left alone (it is in the outbox already). */
const REPLAY = `
local n = 0
for i = 1, #ARGV, 2 do
  if redis.call('HEXISTS', KEYS[1], ARGV[i]) == 1 then
    redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
    redis.call('HDEL', KEYS[1], ARGV[i])
    n = n + 1
  end
end
return n`;
