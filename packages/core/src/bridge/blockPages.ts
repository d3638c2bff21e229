export type BlockPagesParameters = {
  /** First block, included. */
  fromBlock: bigint;
  /** Last block, included. */
  toBlock: bigint;
  /** Blocks a page covers: one log query (2,000: what most RPC providers accept). */
  pageBlocks?: bigint;
  /** Pages at most: the search is bounded, the rest of the range is not read. */
  maxPages: number;
};

/**
 * Consecutive block ranges `[from, to]` (both included) over a range, in order, for a forward log search read one
 * query at a time (`findFillTransaction`, `findRefundTransaction`). Empty when `fromBlock > toBlock`.
 */
export function blockPages({ fromBlock, toBlock, pageBlocks = 2_000n, maxPages }: BlockPagesParameters): [bigint, bigint][] {
  const pages: [bigint, bigint][] = [];
  for (let from = fromBlock; from <= toBlock && pages.length < maxPages; from += pageBlocks) {
    const to = from + pageBlocks - 1n;
    pages.push([from, to < toBlock ? to : toBlock]);
  }
  return pages;
}
