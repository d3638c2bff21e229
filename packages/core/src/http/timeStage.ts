import type { Context } from "hono";
import { setMetric } from "hono/timing";

/** Runs one stage of a request and reports its duration in the answer's `Server-Timing` header. */
export type TimeStage = <T>(name: string, work: () => T | Promise<T>) => Promise<T>;

/** A `TimeStage` for this request (Hono's timing middleware writes the header). */
export function timeStage(c: Context): TimeStage {
  return async (name, work) => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      setMetric(c, name, performance.now() - started);
    }
  };
}
