import { Redis as UpstashRedis } from "@upstash/redis";
import { startRedisRestBridge } from "@sluice/stack";
import type { Redis } from "@sluice/core";
import { leaseRedisDatabase } from "../stack/leaseRedisDatabase.js";

export type TestRedis = { redis: Redis; close: () => Promise<void> };

/** The REST endpoint and token too, for a process of its own (the admin CLI's `REDIS_REST_URL`, `REDIS_REST_TOKEN`). */
export type RestTestRedis = TestRedis & { restUrl: string; restToken: string };

/**
 * A real Redis for a unit test, reached the way the workers reach it (the Upstash REST client, through the local REST
 * bridge), on a leased logical database that no other test run uses.
 */
export async function startTestRedis(): Promise<RestTestRedis> {
  const lease = await leaseRedisDatabase();
  const bridge = await startRedisRestBridge({ redisUrl: lease.url, token: "unit-test" });
  return {
    redis: new UpstashRedis({ url: bridge.url, token: bridge.token }) as unknown as Redis,
    restUrl: bridge.url,
    restToken: bridge.token,
    close: async () => {
      await bridge.close();
      await lease.release();
    },
  };
}
