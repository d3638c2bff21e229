import type { ServerType } from "@hono/node-server";
import { logEvent } from "@sluice/core";
import type { HostExecutionContext } from "./createExecutionContext.js";

export type StopWithinGraceParameters = {
  /** The servers: all stop accepting at once and close in parallel. */
  servers: ServerType[];
  /** The crons (`startCrons`), when they run: their schedules end at once. */
  crons?: { stop: (deadline: number) => Promise<number> };
  /** The execution context every request and cron run hands its `waitUntil` work to. */
  ctx: HostExecutionContext;
  graceMs: number;
};

/** What was still going when the grace ran out (all 0 on a clean stop). */
export type StopWithinGraceReturnType = { cronRuns: number; backgroundWork: number };

/**
 * The Node host's stop, bounded by one grace (`STOP_GRACE_SECONDS`) measured from its start, because the supervisor's
 * own bound (`docker stop`: 10 s, then SIGKILL) is measured the same way: the servers stop accepting and the cron
 * schedules end at once; requests in flight, crons' runs in progress and `waitUntil` work then get whatever is left of
 * the grace, together. A connection still open after it is closed; runs and work still going are abandoned, logged
 * with how many (the process then exits, as Workers end an invocation's `waitUntil` past its allowance). The ledger is
 * safe: webhook events are written in the transaction of their state change, before any send, and a delivery
 * abandoned mid-send keeps its lease, which expires, so the next run of any host sends it again (at least once;
 * receivers dedupe by `X-Sluice-Event-Id`); a solve's usage event is held (Postgres, or Redis's usage outbox) before
 * its transaction is sent, and a finalisation cut short is done by the reporting cron; a cron pass cut short repeats
 * its work on its next run.
 */
export async function stopWithinGrace({ servers, crons, ctx, graceMs }: StopWithinGraceParameters): Promise<StopWithinGraceReturnType> {
  const deadline = Date.now() + graceMs;
  const [cronRuns] = await Promise.all([crons?.stop(deadline) ?? 0, ...servers.map((server) => closeServer(server, deadline))]);
  // After the servers: a request finishing in the grace may still hand over work.
  const backgroundWork = await ctx.settled(deadline);
  if (cronRuns || backgroundWork) {
    logEvent("warn", "node host stop grace over; abandoning work still running", { cronRuns, backgroundWork, graceMs });
  }
  return { cronRuns, backgroundWork };
}

async function closeServer(server: ServerType, deadline: number): Promise<void> {
  const http = server as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Idle keep-alive connections would hold close() open; requests in flight still finish.
  http.closeIdleConnections?.();
  // Unless they never end: once the server is closing Node no longer enforces headersTimeout or requestTimeout, so a
  // client that never ends its headers, or sends less body than its Content-Length, held the stop for good.
  const timer = setTimeout(() => http.closeAllConnections?.(), Math.max(0, deadline - Date.now()));
  try {
    await closed;
  } finally {
    clearTimeout(timer);
  }
}
