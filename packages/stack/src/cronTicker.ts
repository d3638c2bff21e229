export type StartCronTickerParameters = {
  baseUrl: string;
  adminToken: string;
  /** How often a pass starts (default every second). */
  intervalMs?: number;
  /** At most this many passes at once (default 3): a slow one does not hold up the next, as with Cloudflare's cron. */
  concurrency?: number;
  /** A pass slower than this (default 10 s) is logged, with how it ended. */
  slowAfterMs?: number;
  log?: (line: string) => void;
};

/**
 * `wrangler dev` runs no cron triggers, so the local stack does what the reporting cron does for webhooks: every
 * `intervalMs` it asks the admin API to send the deliveries that are due. Like Cloudflare's cron, whose invocations
 * each run to their own end, a pass still running does not stop the next one from starting (up to `concurrency` at
 * once; deliverers never send one delivery twice, their claims hold leases): one pass held up (by a dependency that
 * went away mid-pass) must not hold up every delivery behind it. Failures, e.g. while a test has Postgres down, are
 * ignored until the next tick; a slow pass is logged.
 */
export function startCronTicker({ baseUrl, adminToken, intervalMs = 1000, concurrency = 3, slowAfterMs = 10_000, log }: StartCronTickerParameters) {
  let stopped = false;
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  const tick = () => {
    if (stopped || running.size >= concurrency) return;
    const started = Date.now();
    let ended = "no answer";
    const pass: Promise<void> = fetch(`${baseUrl}/admin/v1/webhooks/deliver`, {
      method: "POST", headers: { Authorization: `Bearer ${adminToken}` },
      signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(60_000)]),
    })
      .then(async (response) => { ended = `HTTP ${response.status}`; await response.body?.cancel(); })
      .catch((error: unknown) => { ended = (error as Error).name === "TimeoutError" ? "timed out after 60 s" : String(error); })
      .finally(() => {
        running.delete(pass);
        const tookMs = Date.now() - started;
        try {
          if (!stopped && tookMs > slowAfterMs) log?.(`webhooks   a delivery pass took ${(tookMs / 1000).toFixed(1)} s (${ended})`);
        } catch {
          // a log that fails must not fail the pass
        }
      });
    running.add(pass);
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    /** Passes in flight now. */
    running: () => running.size,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      stopping.abort();
      await Promise.all([...running]);
    },
  };
}
