export type HostExecutionContext = ExecutionContext & {
  /**
   * Resolves when every piece of work handed to `waitUntil` so far has settled (work handed over meanwhile included),
   * or at `deadline` (epoch ms; default none), whichever comes first: with how many pieces are still pending (0 when
   * all settled). Shutdown waits on it within its grace.
   */
  settled: (deadline?: number) => Promise<number>;
};

/**
 * What Workers give a request or a cron run as its execution context, for the Node host: `waitUntil` keeps work
 * running after the answer (a Node process does so anyway); the host remembers it so a shutdown lets it finish.
 * Failures of such work are logged where it is created, as on Workers.
 */
export function createExecutionContext(): HostExecutionContext {
  const pending = new Set<Promise<unknown>>();
  return {
    waitUntil(work: Promise<unknown>) {
      const settled = Promise.resolve(work).catch(() => {}).finally(() => pending.delete(settled));
      pending.add(settled);
    },
    passThroughOnException() {},
    props: {},
    settled: async (deadline = Number.POSITIVE_INFINITY) => {
      while (pending.size > 0) {
        const left = deadline - Date.now();
        if (left <= 0) return pending.size;
        const all = Promise.all([...pending]).then(() => true);
        if (!Number.isFinite(left)) await all;
        else if (!(await within(all, left))) return pending.size;
      }
      return 0;
    },
  } as HostExecutionContext;
}

/** True when `work` settles within `ms`, false when the time runs out first (the timer does not outlive the wait). */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), ms); });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
