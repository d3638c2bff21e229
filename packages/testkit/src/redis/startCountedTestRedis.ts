import { createOperationCounter, startRedisRestBridge, type OperationCounter } from "@sluice/stack";
import { createRedis } from "@sluice/core";
import { leaseRedisDatabase } from "../stack/leaseRedisDatabase.js";
import type { TestRedis } from "./startTestRedis.js";

export type CountedTestRedis = TestRedis & {
  /** Every command the bridge ran (area `redis`, by name) and every request to it (its round trips). */
  counter: OperationCounter;
};

/**
 * A real Redis reached as the workers reach it (`createRedis`: the Upstash REST client, plain replies) through the local
 * REST bridge, which counts each command and round trip: for a test of how many Redis round trips code makes.
 */
export async function startCountedTestRedis(): Promise<CountedTestRedis> {
  const lease = await leaseRedisDatabase();
  const counter = createOperationCounter();
  const bridge = await startRedisRestBridge({ redisUrl: lease.url, counter });
  return {
    redis: createRedis({ url: bridge.url, token: bridge.token }),
    counter,
    close: async () => {
      await bridge.close();
      await lease.release();
    },
  };
}
