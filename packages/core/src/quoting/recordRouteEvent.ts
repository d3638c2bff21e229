import type { AuthenticatedKey } from "../auth/authenticateApiKey.js";
import { newId } from "../ids/newId.js";
import type { UsageEventBatch } from "../usage/createUsageEventBatch.js";
import type { UsageRecorderBinding } from "../usage/recordUsage.js";
import type { SwapQuote } from "./swapQuote.js";

export type RecordRouteEventParameters = {
  usage: UsageRecorderBinding;
  /** The isolate's batch of quote events (`IsolateCaches.routeEvents`). */
  batch: UsageEventBatch;
  /** The request's `waitUntil`: the batch is recorded after the answer. */
  background: (work: Promise<unknown>) => void;
  auth: AuthenticatedKey;
  quote: SwapQuote;
};

/** Records a successful quote's `route` usage event with its USD volume, in the isolate's batch (after the answer). */
export function recordRouteEvent({ usage, batch, background, auth, quote }: RecordRouteEventParameters): void {
  batch.add({
    usage,
    background,
    event: {
      id: newId("evt"),
      accountId: auth.accountId,
      apiKeyId: auth.keyId,
      eventType: "route",
      chain: quote.chain,
      volumeUsd: quote.volumeUsd,
      isDryRun: false,
      isTest: auth.isTest,
      occurredAt: new Date(),
    },
  });
}
