import { Redis } from "ioredis";
import { takeOverDeadLease } from "./takeOverDeadLease.js";

export type RedisDatabaseLease = { url: string; release: () => Promise<void> };

/**
 * Leases a logical Redis database (3–15) for one test run, so test runs that overlap on one machine never share
 * keys: the lease is a `SET NX` marker in db 0 holding the leasing process's id. A run that died without releasing
 * (stopped by its process group, say) leaves its markers for two hours; a marker whose process no longer exists on this
 * machine is taken over at once (compare-and-set, so two runs cannot both take it). The leased db is flushed first.
 */
export async function leaseRedisDatabase(server = "redis://127.0.0.1:6379"): Promise<RedisDatabaseLease> {
  const control = new Redis(`${server}/0`);
  try {
    for (let db = 3; db <= 15; db++) {
      const marker = `sluice:test-lease:${db}`;
      const leased = await control.set(marker, String(process.pid), "EX", 7200, "NX")
        || await takeOverDeadLease(control, marker);
      if (leased) {
        const url = `${server}/${db}`;
        const target = new Redis(url);
        await target.flushdb();
        await target.quit();
        return {
          url,
          release: async () => {
            const again = new Redis(`${server}/0`);
            if ((await again.get(marker)) === String(process.pid)) await again.del(marker);
            await again.quit();
          },
        };
      }
    }
    throw new Error("Every test Redis database (3–15) is leased by another test run");
  } finally {
    await control.quit();
  }
}
