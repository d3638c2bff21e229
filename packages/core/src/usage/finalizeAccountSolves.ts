import { chainClientLookup } from "../chains/chainClientLookup.js";
import { confirmationsLookup } from "../chains/confirmationsLookup.js";
import type { Database } from "../db/createDb.js";
import type { Redis } from "../redis/createRedis.js";
import { raceDeadline } from "../async/raceDeadline.js";
import { drainUsageOutboxIfPending } from "./drainUsageOutboxIfPending.js";
import { finalizePendingSolves } from "./finalizePendingSolves.js";
import { logEvent } from "../observability/logEvent.js";
import { errorText } from "../observability/errorText.js";

export type FinalizeAccountSolvesParameters = {
  db: Database;
  sluiceChains: string | undefined;
  accountId: string;
  /** Events still waiting in the usage outbox (a solve answered a moment ago holds its event there) are written first. */
  redis: Redis;
};

/** How long a read of usage or rebates waits on the chains, in all; the cron finalises what is not read by then. */
const ACCOUNT_READ_RPC_DEADLINE_MS = 1_500;

/**
 * Before an account's usage or rebates are read: what waits in the usage outbox is written (the event of a gasless
 * solve answered a moment ago may still be held there), then the account's gasless solves still pending are read back
 * from their chains (a few, within `ACCOUNT_READ_RPC_DEADLINE_MS` in all, whatever the client's retries), so the answer
 * shows what the chains say. A failure here never fails the read; what stays pending is finalised by the swap
 * worker's cron. Answers how many events it settled (each may have written a webhook event).
 */
export async function finalizeAccountSolves({ db, sluiceChains, accountId, redis }: FinalizeAccountSolvesParameters): Promise<number> {
  // One batch at most, within the read's chain deadline: after an outage the cron drains the rest, not a read.
  await raceDeadline({ work: drainUsageOutboxIfPending({ db, redis, maxBatches: 1 }), ms: ACCOUNT_READ_RPC_DEADLINE_MS })
    .catch((error: unknown) => logEvent("error", "usage outbox not drained before a read", { error: errorText(error) }));
  try {
    const settled = await finalizePendingSolves({
      db, redis, clientFor: chainClientLookup(sluiceChains, ACCOUNT_READ_RPC_DEADLINE_MS), confirmationsFor: confirmationsLookup(sluiceChains), accountId, limit: 20,
      rpcDeadlineMs: ACCOUNT_READ_RPC_DEADLINE_MS,
    });
    return settled.succeeded + settled.failed;
  } catch (error) {
    logEvent("error", "finalising pending solves before a read failed", { accountId, error: errorText(error) });
    return 0;
  }
}
