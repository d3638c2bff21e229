/** Both graph stores keep the same contract (`describeGraphStore`): memory, and Redis through the Upstash REST API. */
import { describeGraphStore, startTestRedis } from "@sluice/testkit";
import type { GraphKv } from "./graphKv.js";
import { memoryGraphKv } from "./memoryGraphKv.js";
import { redisGraphKv } from "./redisGraphKv.js";
import { shardedGraphStore } from "./shardedGraphStore.js";

/** The store's key-value operations, counting the values it reads (as `memoryGraphStore` and `redisGraphStore` build it). */
function counted(kv: GraphKv) {
  let read = 0;
  return {
    kv: { ...kv, get: (keys: string[], bytes?: number[]) => ((read += keys.length), kv.get(keys, bytes)) } satisfies GraphKv,
    valuesRead: () => read,
  };
}

describeGraphStore("memory", async (options) => {
  const { kv, valuesRead } = counted(memoryGraphKv());
  return { store: shardedGraphStore(kv, options), valuesRead, close: async () => {} };
});

describeGraphStore("Redis (Upstash REST)", async (options) => {
  const { redis, close } = await startTestRedis();
  const { kv, valuesRead } = counted(redisGraphKv({ redis }));
  return { store: shardedGraphStore(kv, options), valuesRead, close };
});
