/**
 * `wrangler dev` runs no cron triggers, so the local stack does what the reporting cron does for webhooks: every
 * `intervalMs` it asks the admin API to send the deliveries that are due (one request at a time; failures, e.g. while
 * a test has Postgres down, are ignored until the next tick).
 */
export function startCronTicker({ baseUrl, adminToken, intervalMs = 1000 }: { baseUrl: string; adminToken: string; intervalMs?: number }) {
  let running = false;
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    if (running || stopped) return;
    running = true;
    current = fetch(`${baseUrl}/admin/v1/webhooks/deliver`, {
      method: "POST", headers: { Authorization: `Bearer ${adminToken}` }, signal: AbortSignal.timeout(60_000),
    }).then((response) => response.body?.cancel()).catch(() => {}).finally(() => { running = false; });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
