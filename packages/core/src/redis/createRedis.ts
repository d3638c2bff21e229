import { Redis as UpstashRedis } from "@upstash/redis/cloudflare";
import type { Redis } from "./redisClient.js";

export type CreateRedisParameters = { url: string; token: string };

/**
 * Upstash Redis over its REST protocol. In production this is Upstash; locally it is a real Redis behind the
 * REST bridge in packages/stack. Retries are few and short: a Redis outage must degrade a request, not stall it.
 */
export function createRedis({ url, token }: CreateRedisParameters): Redis {
  return new UpstashRedis({
    url,
    token,
    retry: { retries: 1, backoff: () => 50 },
    enableTelemetry: false,
    latencyLogging: false,
  });
}

export type { Redis, RedisPipeline, RedisSetOptions } from "./redisClient.js";
