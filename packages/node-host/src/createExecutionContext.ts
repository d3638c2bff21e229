export type HostExecutionContext = ExecutionContext & {
  /** Resolves when every piece of work handed to `waitUntil` so far has settled (shutdown waits on it). */
  settled: () => Promise<void>;
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
    settled: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  } as HostExecutionContext;
}
