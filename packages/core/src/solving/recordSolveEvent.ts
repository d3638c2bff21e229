import { recordUsage, type UsageRecorderBinding } from "../usage/recordUsage.js";
import type { StoreUsageEventsResult } from "../usage/storeUsageEvents.js";
import { solveUsageEvent, type SolveEvent } from "./solveUsageEvent.js";

export type { SolveEvent } from "./solveUsageEvent.js";

/**
 * Records the request's one `solve` event through the reporting worker (exactly once by its id; kept in the
 * durable outbox while Postgres is down). Retries a few times with the same id; throws if it never got through.
 */
export async function recordSolveEvent(usage: UsageRecorderBinding, event: SolveEvent): Promise<StoreUsageEventsResult> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await recordUsage(usage, [solveUsageEvent(event)]);
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
    }
  }
  throw lastError;
}
