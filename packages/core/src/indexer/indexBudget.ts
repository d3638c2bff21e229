/**
 * What one invocation may spend on indexing: subrequests (each RPC call and each progress write counts one) and
 * wall time. Cloudflare Workers allow 1,000 subrequests per invocation on the paid plan; the defaults stay well
 * inside it, and a slice that starts within the budget may finish a little past it.
 */
export type IndexBudget = {
  readonly maxSubrequests: number;
  /** Subrequests spent so far. */
  readonly spent: number;
  /** Counts `n` subrequests as spent. */
  spend(n?: number): void;
  /** Subrequests left (0 once the time is up). */
  remaining(): number;
  /** True while another slice may start. */
  allows(n?: number): boolean;
};

export type CreateIndexBudgetParameters = {
  /** Default 500 (half the Workers paid plan's 1,000 subrequests per invocation). */
  maxSubrequests?: number;
  /** Default 20,000 ms. */
  maxMs?: number;
  now?: () => number;
};

export const DEFAULT_INDEX_MAX_SUBREQUESTS = 500;
export const DEFAULT_INDEX_MAX_MS = 20_000;

export function createIndexBudget({ maxSubrequests = DEFAULT_INDEX_MAX_SUBREQUESTS, maxMs = DEFAULT_INDEX_MAX_MS, now = Date.now }: CreateIndexBudgetParameters = {}): IndexBudget {
  const deadline = now() + maxMs;
  let spent = 0;
  const remaining = () => (now() >= deadline ? 0 : Math.max(0, maxSubrequests - spent));
  return {
    maxSubrequests,
    get spent() {
      return spent;
    },
    spend(n = 1) {
      spent += n;
    },
    remaining,
    allows: (n = 1) => remaining() >= n,
  };
}

/** A budget without limits (tests, one-off full runs). */
export function unlimitedIndexBudget(): IndexBudget {
  return createIndexBudget({ maxSubrequests: Number.MAX_SAFE_INTEGER, maxMs: Number.MAX_SAFE_INTEGER / 2 });
}
