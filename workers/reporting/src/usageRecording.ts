import {
  createDbFromConfig, drainUsageOutboxIfPending, errorText, logEvent, markEventExecuted, storeUsageEvents, toSluiceError, readWorkerConfig,
  sluiceConfigSchema, workerRedis, createInlineDeliveries, type Database, type InlineDeliveries, type MarkEventExecutedResult, type Redis, type StoreUsageEventsResult,
  type UsageRecorderBinding, type UsageRpcAnswer,
} from "@sluice/core";
import { reportingConfigSchema } from "./env.js";
import { deliverInline } from "./webhookDelivery.js";

type Storage = { db: Database; redis: Redis };

/**
 * Opens Postgres and Redis for one piece of work and closes the connection afterwards (`queryTimeoutMs`: see
 * `createDb`; `redisTimeoutMs`: see `createRedis`).
 */
export async function withStorage<T>(
  bindings: object, work: (storage: Storage) => Promise<T>, options: { queryTimeoutMs?: number; redisTimeoutMs?: number } = {},
): Promise<T> {
  const env = readWorkerConfig(sluiceConfigSchema, bindings);
  const { db, close } = createDbFromConfig(env, { queryTimeoutMs: options.queryTimeoutMs });
  try {
    return await work({ db, redis: workerRedis({ config: env, bindings, timeoutMs: options.redisTimeoutMs }) });
  } finally {
    await close();
  }
}

async function answer<T>(work: () => Promise<T>): Promise<UsageRpcAnswer<T>> {
  try {
    return { ok: true, ...(await work()) };
  } catch (err) {
    const error = toSluiceError(err);
    if (error.code === "INTERNAL" || error.code === "DEPENDENCY_DOWN") logEvent("error", "usage recorder failed", { code: error.code, error: errorText(err) });
    return { ok: false, code: error.code, error: error.message };
  }
}

/**
 * An isolate's view of the usage outbox: when it last looked, and whether it deferred an event since. After a stored
 * event the outbox is looked at only then (or every 10 s), not once per quote: one Redis command less per /route.
 * Kept per isolate (or Node process) by the caller and passed in.
 */
export type OutboxWatch = { lastCheck: number; deferredSince: boolean };
const OUTBOX_CHECK_INTERVAL_MS = 10_000;

export function createOutboxWatch(): OutboxWatch {
  return { lastCheck: 0, deferredSince: false };
}

export type CreateUsageRecordingParameters = {
  /** The reporting worker's environment (settings and bindings). */
  bindings: object;
  /** Keeps work running after the answer (the execution context's `waitUntil`). */
  waitUntil: (work: Promise<unknown>) => void;
  /** The isolate's outbox watch (`createOutboxWatch`, kept per isolate); default: a new one (the outbox is looked at). */
  outboxWatch?: OutboxWatch;
  /** The isolate's budget of delivery passes run right after events (`createInlineDeliveries`, kept per isolate). */
  inline?: InlineDeliveries;
};

/**
 * The internal usage-recording path: what the `UsageRecorder` entrypoint answers over a service binding on Workers,
 * and what the Node host calls directly. Never routed by the gateway.
 */
export function createUsageRecording({
  bindings, waitUntil, outboxWatch = createOutboxWatch(), inline = createInlineDeliveries(),
}: CreateUsageRecordingParameters): UsageRecorderBinding {
  const drain = () => withStorage(bindings, drainUsageOutboxIfPending);
  return {
    async record(events: unknown): Promise<UsageRpcAnswer<StoreUsageEventsResult>> {
      return answer(async () => {
        const result = await withStorage(bindings, ({ db, redis }) => storeUsageEvents({ db, redis, events }));
        // Postgres answered: anything an earlier outage left in the outbox can go in now.
        if (result.deferred > 0) outboxWatch.deferredSince = true;
        else if (outboxWatch.deferredSince || Date.now() - outboxWatch.lastCheck >= OUTBOX_CHECK_INTERVAL_MS) {
          Object.assign(outboxWatch, { lastCheck: Date.now(), deferredSince: false });
          waitUntil(drain().catch(() => {}));
        }
        return result;
      });
    },

    async markExecuted(eventId: string, txHash: string, outcome?: "succeeded" | "pending"): Promise<UsageRpcAnswer<MarkEventExecutedResult>> {
      const final = outcome === "pending" ? "pending" : "succeeded";
      return answer(async () => {
        const marked = await withStorage(bindings, (storage) => markEventExecuted(storage, { eventId: String(eventId), txHash: String(txHash), outcome: final }));
        // A confirmation wrote `swap.confirmed`: send it now rather than at the next cron run.
        if (!marked.alreadyExecuted) waitUntil(deliverInline(readWorkerConfig(reportingConfigSchema, bindings), inline).catch(() => {}));
        return marked;
      });
    },

    async deliverWebhooks(): Promise<UsageRpcAnswer<{ attempted: number }>> {
      return answer(async () => deliverInline(readWorkerConfig(reportingConfigSchema, bindings), inline));
    },
  };
}
