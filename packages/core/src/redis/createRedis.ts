import { Redis as UpstashRedis } from "@upstash/redis/cloudflare";
import type { Redis } from "./redisClient.js";
import { upstashRequestFailure } from "./upstashRequestFailure.js";

export type CreateRedisParameters = {
  url: string;
  token: string;
  /**
   * How long one command (one REST request: a command, a pipeline or a batch) may take before it fails. Default
   * `REDIS_REQUEST_TIMEOUT_MS`; crons and the admin CLI, which move whole graphs, pass `CRON_REDIS_TIMEOUT_MS`.
   */
  timeoutMs?: number;
};

/**
 * A request's bound on one Redis command. Commands take milliseconds and a batch of graph shards (at most 4 MB,
 * `redisGraphKv`) well under a second; past this the REST endpoint has stalled, and the request must still answer
 * (Redis down degrades it: keys are checked in Postgres under limits counted per isolate, a quote answers 503).
 */
export const REDIS_REQUEST_TIMEOUT_MS = 5_000;
/** A cron's or the admin CLI's bound on one Redis command (whole graphs are read and written in 4 MB batches). */
export const CRON_REDIS_TIMEOUT_MS = 30_000;

/**
 * Upstash Redis over its REST protocol. In production this is Upstash; locally it is a real Redis behind the
 * REST bridge in packages/stack. Retries are few and short and every command is bounded (`timeoutMs`): a Redis
 * outage must degrade a request, not stall it.
 *
 * Replies come as plain JSON strings (`responseEncoding: false`), not base64: Sluice writes only text (JSON, numbers,
 * hex), so base64 would protect nothing and decoding it cost ~13 % of the swap worker's CPU per quote.
 */
export function createRedis({ url, token, timeoutMs = REDIS_REQUEST_TIMEOUT_MS }: CreateRedisParameters): Redis {
  const redis = new UpstashRedis({
    url,
    token,
    // A function, so each command gets its own bound and an expired one throws: the client answers a fixed
    // "Aborted" result, as if it were the command's reply, when given a plain signal that aborts.
    signal: () => AbortSignal.timeout(timeoutMs),
    retry: { retries: 1, backoff: () => 50 },
    responseEncoding: false,
    enableTelemetry: false,
    latencyLogging: false,
  });
  // Every command, pipeline and script goes through the client's one requester (pipelines are handed the same object),
  // so a failure that is Redis's and not the command's (a timeout, a proxy's error page, an HTTP error) is typed here,
  // where it is known, as a `DependencyDownError` (503), not guessed later from a DOMException or a message.
  // `createRedis.test.ts` holds this to the installed client (a stalled endpoint, an HTML 502, a JSON 503).
  const client = (redis as unknown as { client: UpstashRequester }).client;
  const request = client.request.bind(client);
  client.request = (req) => request(req).catch((error: unknown) => { throw upstashRequestFailure(error, timeoutMs); });
  return redis;
}

/** The part of the Upstash client's (protected) requester wrapped above. */
type UpstashRequester = { request: (req: unknown) => Promise<unknown> };

export type { Redis, RedisPipeline, RedisSetOptions } from "./redisClient.js";
