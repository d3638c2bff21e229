import { Redis as UpstashRedis } from "@upstash/redis";
import { startRedisRestBridge } from "@sluice/stack";
import type { Redis } from "@sluice/core";
import { leaseRedisDatabase } from "../stack/leaseRedisDatabase.js";

export type TestRedis = { redis: Redis; close: () => Promise<void> };

/**
 * A real Redis for a unit test, reached the way the workers reach it (the Upstash REST client, through the local REST
 * bridge), on a leased logical database that no other test run uses.
 */
export async function startTestRedis(): Promise<TestRedis> {
  const lease = await leaseRedisDatabase();
  const bridge = await startRedisRestBridge({ redisUrl: lease.url, token: "unit-test" });
  return {
    redis: new UpstashRedis({ url: bridge.url, token: bridge.token }) as unknown as Redis,
    close: async () => {
      await bridge.close();
      await lease.release();
    },
  };
}
