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
 * Runs each area's `scheduled` handler on its wrangler.toml cron expressions. croner rather than an interval loop:
 * the expressions are read as they are (the monthly `0 0 1 * *` included), in UTC, and a run still going when its
 * next time comes is skipped instead of overlapping. A failed run is logged; the next one runs as planned. `stop` ends
 * the schedules and waits for the runs in progress (a settlement or a delivery pass is not cut short by a shutdown).
 */
export function startCrons(tasks: CronTask[]): { stop: () => Promise<void> } {
  const jobs: Cron[] = [];
  const running = new Set<Promise<unknown>>();
  for (const task of tasks) {
    for (const cron of task.crons) {
      jobs.push(new Cron(cron, { timezone: "UTC", protect: true, name: `${task.name} ${cron}` }, async () => {
        const controller = { cron, scheduledTime: Date.now(), type: "scheduled", noRetry() {} } as unknown as ScheduledController;
        const run = Promise.resolve().then(() => task.run(controller));
        running.add(run);
        try {
          await run;
        } catch (error) {
          logEvent("error", "cron run failed", { worker: task.name, cron, error: String(error) });
        } finally {
          running.delete(run);
        }
      }));
    }
  }
  return {
    stop: async () => {
      for (const job of jobs) job.stop();
      await Promise.allSettled([...running]);
    },
  };
}
