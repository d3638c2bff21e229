import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time (user + system, ms) used so far by every process of this machine, summed per process name (`comm`:
 * `workerd`, `node`, `postgres`, `redis-server`, `anvil`, …), with the time of children that ended counted toward
 * their parent (a Postgres backend that served one connection shows under `postgres` after it exits). Read before and
 * after a load phase (`diffProcessCpuMs`) to see where the whole machine's CPU went per request, the load generator
 * included. Linux only (`/proc`); empty elsewhere.
 */
export function processCpuMs(): Record<string, number> {
  const byName: Record<string, number> = {};
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return byName;
  }
  const ticksPerSecond = 100; // USER_HZ on Linux
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime, stime, cutime, cstime (fields 14–17 of proc(5); 0-based 11–14 after the name)
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      byName[comm] = (byName[comm] ?? 0) + (ticks * 1000) / ticksPerSecond;
    } catch {
      // the process ended while being read
    }
  }
  return byName;
}

/** What each process name used between two readings of `processCpuMs` (names that used nothing are left out). */
export function diffProcessCpuMs(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const used: Record<string, number> = {};
  for (const [name, ms] of Object.entries(after)) {
    const delta = ms - (before[name] ?? 0);
    if (delta > 0) used[name] = delta;
  }
  return used;
}
