import { WorkerEntrypoint } from "cloudflare:workers";
import { createInlineDeliveries, type UsageRecorderBinding } from "@sluice/core";
import { createOutboxWatch, createUsageRecording } from "./usageRecording.js";

/** This isolate's outbox watch and budget of webhook passes after events: every call of the entrypoint in the isolate shares them. */
const isolateOutboxWatch = createOutboxWatch();
const isolateInlineDeliveries = createInlineDeliveries();

/**
 * The internal usage-recording path on Workers: a named entrypoint reached only through service bindings (see
 * `UsageRecorderBinding` in core for the binding and the typed client), answering with `createUsageRecording`. Never
 * routed by the gateway.
 */
export class UsageRecorder extends WorkerEntrypoint<object> implements UsageRecorderBinding {
  private readonly recording = createUsageRecording({
    bindings: this.env, waitUntil: (work) => this.ctx.waitUntil(work), outboxWatch: isolateOutboxWatch, inline: isolateInlineDeliveries,
  });

  record(events: unknown) {
    return this.recording.record(events as Parameters<UsageRecorderBinding["record"]>[0]);
  }

  markExecuted(eventId: string, txHash: string, outcome?: "succeeded" | "pending") {
    return this.recording.markExecuted(eventId, txHash, outcome);
  }

  deliverWebhooks() {
    return this.recording.deliverWebhooks();
  }
}
