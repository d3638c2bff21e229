import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { raceDeadline } from "../packages/core/src/async/raceDeadline.js";

// ws is a dependency of the stack package, not of the repository root.
type Socket = {
  once(event: "open" | "error", listener: (value?: unknown) => void): void;
  on(event: "message", listener: (data: unknown) => void): void;
  send(data: string): void;
  close(): void;
};
const WebSocket = createRequire(new URL("../packages/stack/package.json", import.meta.url))("ws") as new (url: string) => Socket;

export type CpuProfileLine = { name: string; selfMs: number; share: number };
/**
 * What `stop()` answers: the top self-time lines, the sampled time in all and the part sampled idle. Not the isolate's
 * CPU: workerd's threads serve every worker of the process, so samples of several profiles overlap.
 */
export type CpuProfileSummary = { top: CpuProfileLine[]; sampledMs: number; idleMs: number };

/** Every step with the inspector is bounded: a workerd busy under load may never answer an attach or a command. */
const COMMAND_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 60_000;

/** `promise`'s value, or a failure naming `what` once `ms` pass (core's `raceDeadline` keeps the timer). */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  const done = await raceDeadline({ work: promise.then((value) => ({ value })), ms });
  if (!done) throw new Error(`${what}: no answer within ${ms} ms`);
  return done.value;
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/**
 * Samples one worker's CPU through wrangler's DevTools inspector (`Profiler` domain) from now until `stop()`, which
 * answers the functions with the most self time (ms sampled, share of all samples), idle and GC lines included, and
 * the sampled and idle totals. Each inspector step is bounded; one that does not answer rejects (the caller reports
 * the profile as unavailable instead of waiting).
 * `worker` is the worker's name (`sluice-swap`); the first workerd process started under this one that serves it is used.
 */
export async function startCpuProfile(p: { worker: string; top?: number }): Promise<{ stop: () => Promise<CpuProfileSummary> }> {
  // wrangler's own inspector proxy shows only its first worker; workerd's inspector lists every one (`core:user:<name>`).
  const targets: { id?: string; webSocketDebuggerUrl: string }[] = [];
  for (const address of workerdInspectorAddresses()) {
    const answer: unknown = await fetch(`http://${address}/json/list`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.json()).catch(() => []);
    const listed = (Array.isArray(answer) ? answer : []).filter((t): t is (typeof targets)[number] => typeof t?.webSocketDebuggerUrl === "string");
    targets.push(...listed.map((t) => ({ ...t, webSocketDebuggerUrl: t.webSocketDebuggerUrl.replace(/^ws:\/\/[^/]+/, `ws://${address}`) })));
  }
  const target = targets.find((t) => JSON.stringify(t).includes(`core:user:${p.worker}`));
  if (!target) throw new Error(`no inspector target core:user:${p.worker} among ${targets.map((t) => t.id).join(", ") || "none"}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  try {
    await within(new Promise((resolve, reject) => { socket.once("open", resolve); socket.once("error", reject); }), COMMAND_TIMEOUT_MS, "inspector attach");
  } catch (error) {
    socket.close();
    throw error;
  }
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.error ? Promise.reject(new Error(JSON.stringify(message.error))) : message.result);
  });
  const send = <T>(method: string, params: object = {}, timeoutMs = COMMAND_TIMEOUT_MS) => within(new Promise<T>((resolve) => {
    pending.set(++id, resolve as (result: unknown) => void);
    socket.send(JSON.stringify({ id, method, params }));
  }), timeoutMs, method);
  try {
    await send("Profiler.enable");
    await send("Profiler.setSamplingInterval", { interval: 200 });
    await send("Profiler.start");
  } catch (error) {
    socket.close();
    throw error;
  }
  return {
    async stop(): Promise<CpuProfileSummary> {
      const { profile } = await send<{ profile: Profile }>("Profiler.stop", {}, STOP_TIMEOUT_MS).finally(() => socket.close());
      const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
      const self = new Map<string, number>();
      let total = 0;
      let idle = 0;
      profile.samples.forEach((nodeId, i) => {
        const frame = byNode.get(nodeId)?.callFrame;
        const file = (frame?.url ?? "").split("/").pop() ?? "";
        const name = `${frame?.functionName || "(anonymous)"} ${file}:${(frame?.lineNumber ?? 0) + 1}`;
        const ms = (profile.timeDeltas[i] ?? 0) / 1000;
        self.set(name, (self.get(name) ?? 0) + ms);
        total += ms;
        if (frame?.functionName === "(idle)") idle += ms;
      });
      const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, p.top ?? 15)
        .map(([name, selfMs]) => ({ name, selfMs, share: total ? selfMs / total : 0 }));
      return { top, sampledMs: total, idleMs: idle };
    },
  };
}

/**
 * Where the inspectors of the workerd processes descending from this one listen (Linux `/proc`): miniflare starts
 * workerd with `--inspector-addr=127.0.0.1:0`, so the port is read from the process's listening sockets.
 */
function workerdInspectorAddresses(): string[] {
  const parent = new Map<number, number>();
  const names = new Map<number, string>();
  for (const d of readdirSync("/proc").filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
      names.set(Number(d), stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")));
    } catch {
      // gone meanwhile
    }
  }
  const descends = (pid: number): boolean => {
    for (let at = parent.get(pid); at !== undefined && at > 1; at = parent.get(at)) if (at === process.pid) return true;
    return false;
  };
  const listening = new Map<string, number>(); // socket inode → port, for 127.0.0.1 listeners
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f[3] === "0A" && f[1]?.startsWith("0100007F:")) listening.set(f[9]!, parseInt(f[1].slice(9), 16));
  }
  const ports: number[] = [];
  for (const [pid, name] of names) {
    if (!name.startsWith("workerd") || !descends(pid)) continue;
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        const port = inode ? listening.get(inode) : undefined;
        if (port) ports.push(port);
      }
    } catch {
      // not ours to read
    }
  }
  return ports.map((port) => `127.0.0.1:${port}`);
}
