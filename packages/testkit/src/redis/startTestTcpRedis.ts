import { createTcpRedis } from "@sluice/core/node";
import { leaseRedisDatabase } from "../stack/leaseRedisDatabase.js";
import type { TestRedis } from "./startTestRedis.js";

/** A real Redis for a unit test, reached the way the Node host reaches it (TCP), on a leased logical database. */
export async function startTestTcpRedis(): Promise<TestRedis> {
  const lease = await leaseRedisDatabase();
  const tcp = createTcpRedis({ url: lease.url });
  await tcp.ready();
  return {
    redis: tcp.redis,
    close: async () => {
      await tcp.close();
      await lease.release();
    },
  };
}
