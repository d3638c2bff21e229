import { and, eq, isNotNull } from "drizzle-orm";
import type { Hex } from "viem";
import type { Database } from "../db/createDb.js";
import { usageEvents } from "../db/schema/usage.js";
import type { Redis } from "../redis/createRedis.js";
import { readOutboxEntry, USAGE_OUTBOX_KEY } from "../usage/usageOutbox.js";

export type FindEarlierSolveHashParameters = {
  redis: Redis;
  db: Database;
  /** The solve that holds the permit's claim (`PermitBeingSpentError.holder`). */
  eventId: string;
  /** Only this account's solve is named: another account learns nothing. */
  accountId: string;
};

/**
 * The transaction an earlier gasless solve sent (its first attempt's hash, the one its event is held under), for the
 * refusal of a retried solve of the same permit: from the usage outbox while the event waits there, else from Postgres.
 * Undefined when that solve sent nothing yet, is another account's, or neither store answers.
 */
export async function findEarlierSolveHash({ redis, db, eventId, accountId }: FindEarlierSolveHashParameters): Promise<Hex | undefined> {
  const held = await redis.hget<unknown>(USAGE_OUTBOX_KEY, eventId).catch(() => null);
  if (held !== null && held !== undefined) {
    const event = readOutboxEntry(held);
    return event.accountId === accountId && event.txHash ? (event.txHash.toLowerCase() as Hex) : undefined;
  }
  const [row] = await db.select({ txHash: usageEvents.txHash }).from(usageEvents)
    .where(and(eq(usageEvents.id, eventId), eq(usageEvents.accountId, accountId), isNotNull(usageEvents.txHash))).limit(1)
    .catch(() => []);
  return row?.txHash ? (row.txHash.toLowerCase() as Hex) : undefined;
}
