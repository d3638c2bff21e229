import type { AuthenticatedKey } from "../auth/authenticateApiKey.js";
import { newId } from "../ids/newId.js";
import { recordUsage, type UsageRecorderBinding } from "../usage/recordUsage.js";
import type { SwapQuote } from "./swapQuote.js";

export type RecordRouteEventParameters = { usage: UsageRecorderBinding; auth: AuthenticatedKey; quote: SwapQuote };

/** Records a successful quote's `route` usage event with its USD volume (run after the answer); never throws. */
export async function recordRouteEvent({ usage, auth, quote }: RecordRouteEventParameters): Promise<void> {
  await recordUsage(usage, [{
    id: newId("evt"),
    accountId: auth.accountId,
    apiKeyId: auth.keyId,
    eventType: "route",
    chain: quote.chain,
    volumeUsd: quote.volumeUsd,
    isDryRun: false,
    isTest: auth.isTest,
    occurredAt: new Date(),
  }]).catch((error: unknown) => console.error("route usage event not recorded", error));
}
