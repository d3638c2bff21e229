import { raceDeadline } from "./raceDeadline.js";

/**
 * How long a request waits on work another request of its isolate started (a head read, a pool refresh) before it
 * does that work itself. In workerd a promise another request created can fail to wake this one (when the creating
 * request ends or is canceled first, its continuations are dropped); a timer of this request's own always does.
 */
export const SHARED_WAIT_MS = 2_000;

export type AwaitSharedParameters<T> = { work: Promise<T>; ms?: number };

/**
 * `work`'s result (or its failure, thrown), or undefined when it has not settled within `ms` by this request's own
 * timer: the caller then does the work itself. Never waits longer than `ms`.
 */
export async function awaitShared<T>({ work, ms = SHARED_WAIT_MS }: AwaitSharedParameters<T>): Promise<T | undefined> {
  return raceDeadline({ work, ms });
}
