import { WorkerEntrypoint } from "cloudflare:workers";
import {
  createDbFromConfig, createRedis, drainUsageOutboxIfPending, markEventExecuted, storeUsageEvents, toSluiceError,
  readWorkerConfig, sluiceConfigSchema, type Database, type MarkEventExecutedResult, type Redis, type StoreUsageEventsResult,
  type UsageRecorderBinding, type UsageRpcAnswer,
} from "@sluice/core";
import { reportingConfigSchema } from "./env.js";
import { deliverDueWebhooks } from "./webhookDelivery.js";

type Storage = { db: Database; redis: Redis };

/** Opens Postgres and Redis for one piece of work and closes the connection afterwards. */
export async function withStorage<T>(bindings: object, work: (storage: Storage) => Promise<T>): Promise<T> {
  const env = readWorkerConfig(sluiceConfigSchema, bindings);
  const { db, close } = createDbFromConfig(env);
  try {
    return await work({ db, redis: createRedis({ url: env.REDIS_REST_URL, token: env.REDIS_REST_TOKEN }) });
  } finally {
    await close();
  }
}

async function answer<T>(work: () => Promise<T>): Promise<UsageRpcAnswer<T>> {
  try {
    return { ok: true, ...(await work()) };
  } catch (err) {
    const error = toSluiceError(err);
    if (error.code === "INTERNAL" || error.code === "DEPENDENCY_DOWN") console.error("usage recorder", error.code, err);
    return { ok: false, code: error.code, error: error.message };
  }
}

/**
 * The internal usage-recording path (a named entrypoint reached only through service bindings; see
 * `UsageRecorderBinding` in core for the binding and the typed client). Never routed by the gateway.
 */
export class UsageRecorder extends WorkerEntrypoint<object> implements UsageRecorderBinding {
  async record(events: unknown): Promise<UsageRpcAnswer<StoreUsageEventsResult>> {
    return answer(async () => {
      const result = await withStorage(this.env, ({ db, redis }) => storeUsageEvents({ db, redis, events }));
      // Postgres answered: anything an earlier outage left in the outbox can go in now.
      if (result.deferred === 0) this.ctx.waitUntil(this.drain().catch(() => {}));
      return result;
    });
  }

  async markExecuted(eventId: string, txHash: string, outcome?: "succeeded" | "pending"): Promise<UsageRpcAnswer<MarkEventExecutedResult>> {
    const final = outcome === "pending" ? "pending" : "succeeded";
    return answer(async () => {
      const marked = await withStorage(this.env, (storage) => markEventExecuted(storage, { eventId: String(eventId), txHash: String(txHash), outcome: final }));
      // A confirmation wrote `swap.confirmed`: send it now rather than at the next cron run.
      if (!marked.alreadyExecuted) this.ctx.waitUntil(deliverDueWebhooks(readWorkerConfig(reportingConfigSchema, this.env), 1).catch(() => {}));
      return marked;
    });
  }

  async deliverWebhooks(): Promise<UsageRpcAnswer<{ attempted: number }>> {
    return answer(async () => ({ attempted: (await deliverDueWebhooks(readWorkerConfig(reportingConfigSchema, this.env), 1)).attempted }));
  }

  private drain() {
    return withStorage(this.env, drainUsageOutboxIfPending);
  }
}
