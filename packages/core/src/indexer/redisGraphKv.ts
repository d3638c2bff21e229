import type { Redis } from "../redis/createRedis.js";
import type { GraphKv } from "./graphKv.js";

export type RedisGraphKvParameters = {
  redis: Redis;
  /** Most bytes per request (Upstash allows 10 MB). Default 4 MB. */
  maxRequestBytes?: number;
  /** How long a retired shard stays readable (seconds): readers holding the previous manifest finish. Default 300. */
  retireAfterSeconds?: number;
};

// JSON values are stored with a prefix that is not JSON, so @upstash/redis hands back the raw string instead of
// parsing it; other values (the block number) are stored as they are.
const PREFIX = "g|";
const wrap = (v: string) => (v.startsWith("{") || v.startsWith("[") ? PREFIX + v : v);
const unwrap = (v: unknown) => (v === null || v === undefined ? null : typeof v === "string" && v.startsWith(PREFIX) ? v.slice(PREFIX.length) : String(v));
const MAX_KEYS_PER_READ = 256;

/** A `GraphKv` on Redis through the Upstash REST client: reads and writes batched within a request size. */
export function redisGraphKv({ redis, maxRequestBytes = 4 * 2 ** 20, retireAfterSeconds = 300 }: RedisGraphKvParameters): GraphKv {
  return {
    async get(keys, bytes) {
      // Batches of at most maxRequestBytes (by the known sizes) and at most MAX_KEYS_PER_READ keys.
      const batches: string[][] = [];
      let batch: string[] = [];
      let size = 0;
      keys.forEach((key, i) => {
        const b = bytes?.[i] ?? maxRequestBytes / 4;
        if (batch.length > 0 && (size + b > maxRequestBytes || batch.length >= MAX_KEYS_PER_READ)) {
          batches.push(batch);
          batch = [];
          size = 0;
        }
        batch.push(key);
        size += b;
      });
      if (batch.length > 0) batches.push(batch);
      const values = await Promise.all(batches.map((keys) => redis.mget<unknown[]>(...keys)));
      return values.flat().map(unwrap);
    },
    async set(entries) {
      const batches: Record<string, string>[] = [];
      let batch: Record<string, string> = {};
      let bytes = 0;
      for (const [k, v] of entries) {
        if (bytes > 0 && bytes + v.length > maxRequestBytes) {
          batches.push(batch);
          batch = {};
          bytes = 0;
        }
        batch[k] = wrap(v);
        bytes += v.length + k.length;
      }
      if (bytes > 0) batches.push(batch);
      for (const b of batches) await redis.mset(b);
    },
    async retire(keys) {
      if (keys.length === 0) return;
      const pipeline = redis.pipeline();
      for (const k of keys) pipeline.expire(k, retireAfterSeconds);
      await pipeline.exec();
    },
  };
}
