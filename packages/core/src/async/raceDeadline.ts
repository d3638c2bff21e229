export type RaceDeadlineParameters<T> = {
  work: Promise<T>;
  /** How long to wait (ms); 0 or less answers at once unless `work` has already settled. */
  ms: number;
};

/**
 * `work`'s result (or its failure, thrown), or undefined when `ms` passes first. The wait is bounded by a timer of
 * the caller's own, so it ends in time whatever `work` waits on: a socket that stopped answering, or a promise another
 * request created (which in workerd may never wake this one). `work` is not canceled: race only work whose abandonment
 * is harmless (reads, writes that a later run repeats).
 */
export async function raceDeadline<T>({ work, ms }: RaceDeadlineParameters<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | number | undefined;
  const late = new Promise<undefined>((resolve) => { timer = setTimeout(resolve, Math.max(0, ms)); });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
