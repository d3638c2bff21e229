/** Both graph stores keep the same contract (`describeGraphStore`): memory, and Redis through the Upstash REST API. */
import { describeGraphStore, startTestRedis } from "@sluice/testkit";
import { memoryGraphStore, redisGraphStore } from "./graphStore.js";

describeGraphStore("memory", async (options) => ({ store: memoryGraphStore(options), close: async () => {} }));

describeGraphStore("Redis (Upstash REST)", async (options) => {
  const { redis, close } = await startTestRedis();
  return { store: redisGraphStore(redis, options), close };
});
