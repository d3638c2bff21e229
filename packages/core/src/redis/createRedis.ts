import { Redis } from "@upstash/redis/cloudflare";

export type CreateRedisParameters = { url: string; token: string };

/**
 * Upstash Redis over its REST protocol. In production this is Upstash; locally it is a real Redis behind the
 * REST bridge in packages/stack. Retries are few and short: a Redis outage must degrade a request, not stall it.
 */
export function createRedis({ url, token }: CreateRedisParameters): Redis {
  return new Redis({
    url,
    token,
    retry: { retries: 1, backoff: () => 50 },
    enableTelemetry: false,
    latencyLogging: false,
  });
}

export type { Redis };
