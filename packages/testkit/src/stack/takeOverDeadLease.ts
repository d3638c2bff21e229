import type { Redis } from "ioredis";

/**
 * Takes over a lease marker (`leaseRedisDatabase`) whose process no longer exists on this machine: a run stopped by its
 * process group never releases, and its markers would hold their databases for two hours. Compare-and-set, so of two
 * runs finding the same dead marker only one takes it. False when the holder is alive (or unknown).
 */
export async function takeOverDeadLease(control: Redis, marker: string, pid = process.pid): Promise<boolean> {
  const holder = Number(await control.get(marker));
  if (!Number.isInteger(holder) || holder <= 0 || isRunning(holder)) return false;
  const taken = await control.eval(
    "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'EX', 7200) return 1 end return 0",
    1, marker, String(holder), String(pid));
  return taken === 1;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0 only checks that the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // it exists, another user's
  }
}
