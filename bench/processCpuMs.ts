import { readdirSync, readFileSync } from "node:fs";

/** One process as `/proc` shows it. */
export type ProcessInfo = { pid: number; ppid: number; comm: string; commandLine: string; cpuMs: number };

/**
 * CPU time (user + system, ms) used so far by every process of this machine, summed per process name (`comm`:
 * `workerd`, `node`, `postgres`, `redis-server`, `anvil`, …), with the time of children that ended counted toward
 * their parent (a Postgres backend that served one connection shows under `postgres` after it exits); `name` may name a
 * process otherwise (it sees every process). Read before and after a load phase (`diffProcessCpuMs`) to see where the
 * whole machine's CPU went per request, the load generator included. Linux only (`/proc`); empty elsewhere.
 */
export function processCpuMs(name: (process: ProcessInfo, all: ProcessInfo[]) => string = (p) => p.comm): Record<string, number> {
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return {};
  }
  const ticksPerSecond = 100; // USER_HZ on Linux
  const all = entries.flatMap((pid): ProcessInfo[] => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime, stime, cutime, cstime (fields 14–17 of proc(5); 0-based 11–14 after the name)
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      return [{ pid: Number(pid), ppid: Number(fields[1]), comm, commandLine, cpuMs: (ticks * 1000) / ticksPerSecond }];
    } catch {
      return []; // the process ended while being read
    }
  });
  const byName: Record<string, number> = {};
  for (const p of all) {
    const label = name(p, all);
    byName[label] = (byName[label] ?? 0) + p.cpuMs;
  }
  return byName;
}

/**
 * `wrangler dev`'s processes told apart: each wrangler (a Node process) starts two workerd processes, first its proxy
 * worker (it listens on the dev server's port and forwards every request: a hop production does not have), then the
 * one that runs the workers; and it relays every console line of the workers through its own Node process.
 */
export function wranglerProcessName(p: ProcessInfo, all: ProcessInfo[]): string {
  if (p.comm === "node" && p.commandLine.includes("wrangler")) return "node (wrangler dev)";
  if (!p.comm.startsWith("workerd")) return p.comm;
  const parent = all.find((q) => q.pid === p.ppid);
  if (!parent?.commandLine.includes("wrangler")) return p.comm;
  const siblings = all.filter((q) => q.ppid === p.ppid && q.comm.startsWith("workerd")).map((q) => q.pid).sort((a, b) => a - b);
  return siblings.length === 2 && siblings[0] === p.pid ? "workerd (wrangler dev's proxy)" : "workerd (workers)";
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

/** CPU time per unit (a request, a second): in all, and for the seven processes that used most of it (ms per unit). */
export function formatMachineCpu(used: Record<string, number>, units: number): string {
  const total = Object.values(used).reduce((a, b) => a + b, 0);
  const top = Object.entries(used).sort((a, b) => b[1] - a[1]).slice(0, 7).map(([name, ms]) => `${name} ${(ms / units).toFixed(2)}`).join(", ");
  return `${(total / units).toFixed(2)} ms (${top})`;
}
