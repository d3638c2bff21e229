import { Redis as UpstashRedis } from "@upstash/redis/cloudflare";
import type { Redis } from "./redisClient.js";

export type CreateRedisParameters = { url: string; token: string };

/**
 * Upstash Redis over its REST protocol. In production this is Upstash; locally it is a real Redis behind the
 * REST bridge in packages/stack. Retries are few and short: a Redis outage must degrade a request, not stall it.
 *
 * Replies come as plain JSON strings (`responseEncoding: false`), not base64: Sluice writes only text (JSON, numbers,
 * hex), so base64 would protect nothing and decoding it cost ~13 % of the swap worker's CPU per quote.
 */
export function createRedis({ url, token }: CreateRedisParameters): Redis {
  return new UpstashRedis({
    url,
    token,
    retry: { retries: 1, backoff: () => 50 },
    responseEncoding: false,
    enableTelemetry: false,
    latencyLogging: false,
  });
}

export type { Redis, RedisPipeline, RedisSetOptions } from "./redisClient.js";
