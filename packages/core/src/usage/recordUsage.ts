import type { ErrorCode } from "../errors/errorCodes.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { MarkEventExecutedResult } from "./markEventExecuted.js";
import type { StoreUsageEventsResult } from "./storeUsageEvents.js";
import type { UsageEventInput } from "./usageEventInput.js";

/** What the entrypoint answers: errors travel as values so their code survives the RPC boundary. */
export type UsageRpcAnswer<T> = ({ ok: true } & T) | { ok: false; code: ErrorCode; error: string };

/**
 * The reporting worker's `UsageRecorder` entrypoint as another worker sees it through its service binding:
 *
 *   [[services]]
 *   binding = "USAGE"
 *   service = "sluice-reporting"
 *   entrypoint = "UsageRecorder"
 *
 * It is internal: the gateway never routes to it and the sandbox has no such binding.
 */
export interface UsageRecorderBinding {
  record(events: UsageEventInput[]): Promise<UsageRpcAnswer<StoreUsageEventsResult>>;
  markExecuted(eventId: string, txHash: string, outcome?: "succeeded" | "pending"): Promise<UsageRpcAnswer<MarkEventExecutedResult>>;
  /** Sends the webhook deliveries that are due now (after the caller wrote events, e.g. a finalised solve). */
  deliverWebhooks(): Promise<UsageRpcAnswer<{ attempted: number }>>;
}

/**
 * Records usage events through the binding, exactly once per event id: retrying a call (or a part of it) is
 * always safe. Events are accepted even while Postgres is down (they wait in a durable outbox). Throws the
 * recorder's SluiceError (MALFORMED_REQUEST, DEPENDENCY_DOWN) on failure.
 */
export async function recordUsage(binding: UsageRecorderBinding, events: UsageEventInput[]): Promise<StoreUsageEventsResult> {
  if (events.length === 0) return { recorded: 0, duplicates: 0, deferred: 0 };
  return unwrap(await binding.record(events.map((e) => (e.occurredAt instanceof Date ? { ...e, occurredAt: e.occurredAt.toISOString() } : e))));
}

/**
 * Marks an encode-only solve as executed once `/confirm` has verified its transaction; it then counts toward
 * rebates in the month of the confirmation. Idempotent for the same transaction hash.
 */
export async function markUsageExecuted(
  binding: UsageRecorderBinding, eventId: string, txHash: string, outcome: "succeeded" | "pending" = "succeeded",
): Promise<MarkEventExecutedResult> {
  return unwrap(await binding.markExecuted(eventId, txHash, outcome));
}

function unwrap<T>(answer: UsageRpcAnswer<T>): T {
  if (!answer.ok) throw new SluiceError(answer.code, answer.error);
  const { ok: _ok, ...rest } = answer;
  return rest as T;
}
