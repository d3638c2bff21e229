import { Cron } from "croner";
import { logEvent } from "@sluice/core";

export type CronTask = {
  /** The area's name in logs (`sluice-swap`). */
  name: string;
  /** Its `wrangler.toml` `[triggers] crons`, evaluated in UTC as Cloudflare does. */
  crons: string[];
  run: (controller: ScheduledController) => Promise<unknown>;
};

/**
 * How long a run holds its schedule: Cloudflare ends a cron invocation after 15 minutes of wall time, so a run held up
 * (a dependency that went away mid-run without an error) never stops the next ones there. Past it, the Node host
 * stops waiting on the run (it cannot end it), logs it, and the schedule goes on.
 */
export const CRON_RUN_LIMIT_MS = 15 * 60_000;

/**
 * Runs each area's `scheduled` handler on its wrangler.toml cron expressions. croner rather than an interval loop:
 * the expressions are read as they are (the monthly `0 0 1 * *` included), in UTC, and a run still going when its
 * next time comes is skipped instead of overlapping — for at most `runLimitMs` (`CRON_RUN_LIMIT_MS`): a run held past
 * it is logged and no longer holds its schedule up. A failed run is logged; the next one runs as planned. `stop` ends
 * the schedules at once and waits for the runs in progress (a settlement or a delivery pass is not cut short by a
 * shutdown) until its `deadline` (epoch ms; the host's stop grace), but not for one already held past its limit; it
 * answers how many runs were still going (0 when all ended).
 */
export function startCrons(tasks: CronTask[], { runLimitMs = CRON_RUN_LIMIT_MS }: { runLimitMs?: number } = {}): { stop: (deadline?: number) => Promise<number> } {
  const jobs: Cron[] = [];
  const running = new Set<Promise<unknown>>();
  for (const task of tasks) {
    for (const cron of task.crons) {
      jobs.push(new Cron(cron, { timezone: "UTC", protect: true, name: `${task.name} ${cron}` }, async () => {
        const controller = { cron, scheduledTime: Date.now(), type: "scheduled", noRetry() {} } as unknown as ScheduledController;
        const run = Promise.resolve().then(() => task.run(controller));
        running.add(run);
        const ended = run.then(
          () => undefined,
          (error: unknown) => logEvent("error", "cron run failed", { worker: task.name, cron, error: String(error) }),
        ).finally(() => running.delete(run));
        let limit: ReturnType<typeof setTimeout> | undefined;
        const held = new Promise<"held">((resolve) => { limit = setTimeout(() => resolve("held"), runLimitMs); });
        if ((await Promise.race([ended, held])) === "held") {
          // Nor does a shutdown wait for it: it may never end.
          running.delete(run);
          logEvent("error", "cron run still going past its time limit; the schedule goes on without it", { worker: task.name, cron, limitMs: runLimitMs });
        }
        clearTimeout(limit);
      }));
    }
  }
  return {
    stop: async (deadline = Number.POSITIVE_INFINITY) => {
      for (const job of jobs) job.stop();
      const all = Promise.allSettled([...running]);
      const left = deadline - Date.now();
      if (!Number.isFinite(left)) await all;
      else if (left > 0) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([all, new Promise<void>((resolve) => { timer = setTimeout(resolve, left); })]);
        clearTimeout(timer);
      }
      return running.size;
    },
  };
}
