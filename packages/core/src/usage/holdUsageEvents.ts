import type { Redis } from "../redis/createRedis.js";
import { pushToUsageOutbox } from "./usageOutbox.js";
import { parseUsageEvents, type UsageEventInput } from "./usageEventInput.js";

/**
 * Makes events durable before they reach Postgres, in one Redis command: they wait in the usage outbox, the same
 * durable hash an outage of Postgres leaves them in. The caller then records them (`recordUsage`, after its answer)
 * and lets go of them with `releaseHeldUsageEvents` once Postgres has them; if it never does, the outbox's drain
 * writes them. Either way each is written once (by its id). Throws MALFORMED_REQUEST for an invalid event, and
 * Redis's error when it is unavailable (then nothing is held).
 */
export async function holdUsageEvents(redis: Redis, events: UsageEventInput[]): Promise<void> {
  await pushToUsageOutbox(redis, parseUsageEvents(events));
}
