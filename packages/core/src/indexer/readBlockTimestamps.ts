import type { PublicClient } from "viem";
import type { IndexBudget } from "./indexBudget.js";

export type ReadBlockTimestampsParameters = {
  client: PublicClient;
  /** The blocks whose time is wanted (distinct). */
  blocks: readonly bigint[];
  /** At most this many are read (the oldest first). */
  max: number;
  /** Requests in flight at once; default 4. */
  concurrency?: number;
  /** Each block read spends one subrequest; no more are read than it has left. */
  budget: IndexBudget;
};

/** Blocks whose time an indexing pass reads at most (`readBlockTimestamps`' `max` in `indexChain`). */
export const TRADE_TIME_BLOCKS_MAX = 32;

/**
 * Why: when a node's logs lack `blockTimestamp`, a pass learns its trades' times from their blocks, and one request
 * per distinct block is unbounded — a busy pass names hundreds or thousands of blocks, past a Worker's 1,000
 * subrequests, so the pass would fail on every run. This reads at most `max` of them, no more than the budget has
 * left, `concurrency` at a time; the oldest first, as the caller dates the blocks left out by the pass's last block,
 * which is late by the most for the oldest. Answers the Unix seconds of each block read.
 */
export async function readBlockTimestamps(params: ReadBlockTimestampsParameters): Promise<Map<bigint, number>> {
  const { client, budget } = params;
  const concurrency = Math.max(1, params.concurrency ?? 4);
  const wanted = [...params.blocks].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const times = new Map<bigint, number>();
  let next = 0;
  for (;;) {
    const n = Math.min(concurrency, params.max - next, wanted.length - next, budget.remaining());
    if (n <= 0) break;
    const round = wanted.slice(next, next + n);
    next += n;
    budget.spend(n);
    const read = await Promise.all(round.map(async (b) => [b, Number((await client.getBlock({ blockNumber: b })).timestamp)] as const));
    for (const [b, t] of read) times.set(b, t);
  }
  return times;
}
