import { awaitShared } from "../async/awaitShared.js";

export type CreateSharedResultParameters = {
  /** How long a settled result is reused by this isolate (ms). */
  reuseMs: number;
  /**
   * How long a caller waits on the run another request started before it runs the work itself (ms): longer than the
   * work can take, so that concurrent callers share it even when it ends on its own timeouts.
   */
  waitMs: number;
  /** The clock (tests). */
  now?: () => number;
};

export type SharedResult<T> = {
  /** The result kept within `reuseMs`, else the run in flight (waited on within `waitMs`), else `run()` started here. */
  get: (run: () => Promise<T>) => Promise<T>;
  /** Forgets the kept result (tests). */
  forget: () => void;
};

/**
 * One result per isolate for a check that costs its dependencies something (a health check): settled results are
 * reused for `reuseMs`, and concurrent callers share one run (single-flight), so a loop of requests costs at most
 * one run per `reuseMs`. The caller that starts the run does it with its own request's clients (`run`); the others
 * wait on it within their own bound (`awaitShared`: in workerd a promise another request created may never wake this
 * one), then run it themselves. A failed run is not kept: each of its waiters gets its failure.
 */
export function createSharedResult<T>({ reuseMs, waitMs, now = Date.now }: CreateSharedResultParameters): SharedResult<T> {
  let kept: { value: T; at: number } | undefined;
  let running: Promise<T> | undefined;

  const start = (run: () => Promise<T>): Promise<T> => {
    const work = run().then((value) => {
      kept = { value, at: now() };
      return value;
    });
    running = work;
    const settle = () => { if (running === work) running = undefined; };
    work.then(settle, settle);
    return work;
  };

  return {
    async get(run) {
      if (kept && now() - kept.at < reuseMs) return kept.value;
      if (running) {
        // Wrapped, so that a result that is itself `undefined` is told apart from the wait's end.
        const shared = await awaitShared({ work: running.then((value) => ({ value })), ms: waitMs });
        if (shared) return shared.value;
      }
      return start(run);
    },
    forget() {
      kept = undefined;
      running = undefined;
    },
  };
}
