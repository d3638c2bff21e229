import type { ChainName } from "../chains/chains.js";
import { recordUsage, type UsageRecorderBinding } from "../usage/recordUsage.js";
import type { Hex } from "viem";

export type SolveEvent = {
  id: string;
  accountId: string;
  apiKeyId: string;
  chain: ChainName;
  volumeUsd: string;
  isDryRun: boolean;
  isTest: boolean;
  txHash?: Hex;
  /** A sent gasless solve is `pending` until its receipt is read (`finalizePendingSolves`). */
  outcome?: "pending";
};

/**
 * Records the request's one `solve` event through the reporting worker (exactly once by its id; kept in the
 * durable outbox while Postgres is down). Retries a few times with the same id; throws if it never got through.
 */
export async function recordSolveEvent(usage: UsageRecorderBinding, event: SolveEvent): Promise<void> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await recordUsage(usage, [{ ...event, eventType: "solve", txHash: event.txHash ?? null, outcome: event.outcome ?? null, occurredAt: new Date() }]);
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
    }
  }
  throw lastError;
}
