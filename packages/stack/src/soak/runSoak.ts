import { checkSoakLedger, unminedRelayerNonces, type SoakLedgerReport } from "./soakLedger.js";
import { pickOperation, type SoakExpectations } from "./soakOperations.js";
import { recordingFetch, SOAK_ANSWER_LIMIT_MS } from "./soakHttp.js";
import { soakSetup } from "./soakSetup.js";
import type { SoakCall, SoakOutage, SoakTarget } from "./soakTypes.js";

export type RunSoakParameters = {
  target: SoakTarget;
  durationMs: number;
  /** Concurrent clients, each with its own user wallet; default 4. */
  concurrency?: number;
  /** Fault proxies cut in turn; default Postgres, Redis and base's RPC. */
  outageTargets?: string[];
  log?: (line: string) => void;
};

export type SoakReport = {
  durationMs: number;
  requests: number;
  byStatus: Record<string, number>;
  /** 5xx answers other than 503 (never acceptable). */
  errors5xx: string[];
  /** 503 answers outside every outage and its recovery grace. */
  unavailableOutsideOutage: number;
  /** Requests with no answer within 10 s (a late answer included), or whose connection failed. */
  hung: number;
  hungCalls: string[];
  outages: SoakOutage[];
  ledger: SoakLedgerReport;
  unminedRelayerNonces: string[];
  /** Every isolate (public entry and each area, the sandbox) answering after the last outage. */
  isolatesAnswering: boolean;
  passed: boolean;
};

/**
 * 503s this long after a dependency comes back are still the outage's: connections re-establish, and a solve's
 * per-owner lock whose release the outage swallowed holds for its 20 s lifetime (`acquireSpendLock`).
 */
const RECOVERY_GRACE_MS = 22_000;

/**
 * The chaos soak: steady mixed traffic (`soakOperations`) against a running stack while the fault proxies cut and
 * restore Postgres, Redis and one chain's RPC in turn, then the targets: no 5xx but 503 during an outage, no request
 * without an answer within 10 s, no event lost or doubled (the ledger against what the generator knows it did), every
 * relayer nonce mined, every isolate answering afterwards. `pnpm soak --minutes N` runs it on a fresh stack; the test
 * suite runs a short one on the test stack.
 */
export async function runSoak(p: RunSoakParameters): Promise<SoakReport> {
  const log = p.log ?? (() => {});
  const targets = p.outageTargets ?? ["postgres", "redis", "rpc-base"];
  const concurrency = p.concurrency ?? 4;
  const setup = await soakSetup(p.target, concurrency);
  const calls: SoakCall[] = [];
  const expected: SoakExpectations = { routes: 0, solves: 0, gasless: [], confirmed: [] };
  const started = Date.now();
  const deadline = started + p.durationMs;
  const outages: SoakOutage[] = [];

  const fault = async (name: string, state: "down" | "up") => {
    const response = await fetch(`${p.target.faultsUrl}/faults/${name}/${state}`, { method: "POST" });
    if (!response.ok) throw new Error(`fault ${name} ${state}: ${response.status}`);
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  // Each cycle: a third normal, a third with one dependency down, a third recovering.
  const cycleMs = Math.min(90_000, Math.max(15_000, Math.floor(p.durationMs / targets.length)));
  // A fixed number of cycles, each target at least once: on a slow machine the cycles run past the duration and the
  // traffic with them, rather than an outage being left out.
  const cycles = Math.max(targets.length, Math.floor(p.durationMs / cycleMs));
  let outagesDone = false;
  const schedule = (async () => {
    for (let i = 0; i < cycles; i++) {
      const name = targets[i % targets.length]!;
      await sleep(cycleMs / 3);
      const from = Date.now() - started;
      await fault(name, "down");
      log(`${name} down`);
      try {
        await sleep(cycleMs / 3);
      } finally {
        await fault(name, "up");
        outages.push({ target: name, from, to: Date.now() - started });
        log(`${name} up`);
      }
      await sleep(cycleMs / 3);
    }
  })().finally(() => { outagesDone = true; });
  const clients = setup.users.map(async (user) => {
    while (Date.now() < deadline || !outagesDone) {
      await pickOperation().run({ target: p.target, setup, user, calls, expected });
      await sleep(20);
    }
  });
  try {
    await Promise.all([schedule, ...clients]);
  } finally {
    await Promise.all(targets.map((name) => fault(name, "up").catch(() => {})));
  }
  log(`traffic done: ${calls.length} requests; checking the ledger`);

  const isolatesAnswering = await everyIsolateAnswers(p.target, setup.key, setup.sandboxKey);
  const unanswered = (path: string) => calls.filter((c) => c.path === path && (c.status === "timeout" || c.status === "error")).length;
  const late = (c: SoakCall) => c.endedAt - c.startedAt > SOAK_ANSWER_LIMIT_MS;
  const ledger = await checkSoakLedger(p.target, setup, expected, { routes: unanswered("/api/v1/route"), solves: unanswered("/api/v1/solve") });
  const unmined = await unminedRelayerNonces(p.target);
  const duringOutage = (c: SoakCall) => outages.some((o) => c.endedAt - started >= o.from && c.startedAt - started <= o.to + RECOVERY_GRACE_MS);
  const byStatus: Record<string, number> = {};
  for (const c of calls) byStatus[String(c.status)] = (byStatus[String(c.status)] ?? 0) + 1;
  const errors5xx = calls.filter((c) => typeof c.status === "number" && c.status >= 500 && c.status !== 503)
    .map((c) => `${c.op} ${c.path} ${c.status} ${c.code ?? ""}: ${c.error ?? ""}`);
  const unavailableOutsideOutage = calls.filter((c) => c.status === 503 && !duringOutage(c)).length;
  const hungCalls = calls.filter((c) => c.status === "timeout" || c.status === "error" || late(c))
    .map((c) => `${c.op} ${c.path} ${c.status}${c.code ? ` ${c.code}` : ""} after ${c.endedAt - c.startedAt} ms, at ${c.startedAt - started} ms${c.requestId ? ` (${c.requestId})` : ""}`);
  const hung = hungCalls.length;
  const passed = errors5xx.length === 0 && unavailableOutsideOutage === 0 && hung === 0 && ledger.lost.length === 0
    && ledger.doubled.length === 0 && ledger.pendingLeft === 0 && unmined.length === 0 && isolatesAnswering;
  return {
    durationMs: Date.now() - started, requests: calls.length, byStatus, errors5xx, unavailableOutsideOutage, hung, hungCalls, outages, ledger,
    unminedRelayerNonces: unmined, isolatesAnswering, passed,
  };
}

/** The public entry, each area worker behind it and the sandbox answer within the limit (a few tries while they settle). */
async function everyIsolateAnswers(target: SoakTarget, key: string, sandboxKey: string): Promise<boolean> {
  const checks: Array<[string, RequestInit]> = [
    [`${target.baseUrl}/health`, {}],
    [`${target.baseUrl}/api/v1/ping`, { headers: { "X-Sluice-API-Key": key } }],
    [`${target.baseUrl}/api/v1/tokens?chain=base&limit=1`, {}],
    [`${target.baseUrl}/api/v1/account`, { headers: { "X-Sluice-API-Key": key } }],
    [`${target.baseUrl}/api/v1/bridge/chains`, { headers: { "X-Sluice-API-Key": key } }],
    [`${target.sandboxUrl}/health`, { headers: { "X-Sluice-API-Key": sandboxKey } }],
  ];
  const probe: SoakCall[] = [];
  for (const [url, init] of checks) {
    let ok = false;
    for (let attempt = 0; attempt < 5 && !ok; attempt++) {
      const response = await recordingFetch("after", probe)(url, init).catch(() => undefined);
      ok = response?.status === 200;
      if (!ok) await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    if (!ok) return false;
  }
  return true;
}
