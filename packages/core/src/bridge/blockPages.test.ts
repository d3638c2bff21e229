import { describe, expect, it } from "vitest";
import { blockPages } from "./blockPages.js";

describe("blockPages", () => {
  it("covers the range in consecutive pages, the last one cut at the end", () => {
    expect(blockPages({ fromBlock: 10n, toBlock: 4_500n, maxPages: 10 })).toEqual([[10n, 2_009n], [2_010n, 4_009n], [4_010n, 4_500n]]);
  });

  it("stops at the page bound, and is empty for an empty range", () => {
    expect(blockPages({ fromBlock: 0n, toBlock: 1_000_000n, pageBlocks: 100n, maxPages: 2 })).toEqual([[0n, 99n], [100n, 199n]]);
    expect(blockPages({ fromBlock: 5n, toBlock: 4n, maxPages: 3 })).toEqual([]);
    expect(blockPages({ fromBlock: 7n, toBlock: 7n, maxPages: 3 })).toEqual([[7n, 7n]]);
  });
});
