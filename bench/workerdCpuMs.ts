import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time (user + system, ms) used so far by every `workerd` process descending from this process — the local
 * stack's Workers runtime (all its workers and the runtime itself, so an upper bound of billed Workers CPU). Linux
 * only (`/proc`); 0 elsewhere. Read before and after a load phase.
 */
export function workerdCpuMs(root = process.pid): number {
  let procs: { pid: number; ppid: number; comm: string; cpuTicks: number }[];
  try {
    procs = readdirSync("/proc").filter((d) => /^\d+$/.test(d)).flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return [{ pid: Number(d), ppid: Number(fields[1]), comm, cpuTicks: Number(fields[11]) + Number(fields[12]) }];
      } catch {
        return [];
      }
    });
  } catch {
    return 0;
  }
  const children = new Map<number, number[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const descendants = new Set<number>();
  const queue = [root];
  while (queue.length) for (const child of children.get(queue.pop()!) ?? []) if (!descendants.has(child)) { descendants.add(child); queue.push(child); }
  const ticksPerSecond = 100; // USER_HZ on Linux
  return procs.filter((p) => descendants.has(p.pid) && p.comm.startsWith("workerd")).reduce((ms, p) => ms + (p.cpuTicks * 1000) / ticksPerSecond, 0);
}
