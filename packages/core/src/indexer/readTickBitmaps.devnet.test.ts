/**
 * The tick bitmap lens against real Uniswap V3 pools on anvil: it reads exactly what the word-by-word TickLens way
 * reads (every bitmap word through Multicall3, then `ticks()` for every bit set), at the same block, and resumes
 * correctly when a call runs out of room.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAbi, type Address } from "viem";
import { quotingScenario, startQuotingTestbed, type QuotingTestbed } from "@sluice/testkit";
import { createIndexBudget } from "./indexBudget.js";
import { readPoolStates, type V3State } from "./readPoolStates.js";
import { readTickBitmaps } from "./readTickBitmaps.js";
import { v3AllTickWords, v3TickWord } from "./v3TickWords.js";

let bed: QuotingTestbed;
let pools: { address: Address; tickSpacing: number }[];
beforeAll(async () => {
  bed = await startQuotingTestbed(quotingScenario);
  // Each pool's tick spacing as the pool itself answers it.
  pools = await Promise.all(bed.manifest.pools.filter((p) => p.protocol === "uniswap-v3").map(async (p) => ({
    address: p.address.toLowerCase() as Address,
    tickSpacing: Number(await bed.client.readContract({ address: p.address, abi: parseAbi(["function tickSpacing() view returns (int24)"]), functionName: "tickSpacing" })),
  })));
}, 240_000);
afterAll(async () => bed?.stop());

/** Every pool's initialized ticks the word-by-word way: all words through Multicall3, then the ticks they name. */
async function wordByWord(blockNumber: bigint) {
  const { states } = await readPoolStates({
    client: bed.client, blockNumber, callsPerRequest: 500,
    requests: pools.map((p) => ({ protocol: "uniswap-v3" as const, address: p.address, tickSpacing: p.tickSpacing, tickWords: v3AllTickWords(p.tickSpacing) })),
  });
  return new Map(pools.map((p) => [p.address, [...(states.get(p.address) as V3State).ticks].filter(([, net]) => net !== null).sort((a, b) => a[0] - b[0])]));
}

const sorted = (ticks: Map<number, bigint> | undefined) => [...(ticks ?? [])].sort((a, b) => a[0] - b[0]);

describe("readTickBitmaps", () => {
  it("reads every V3 pool's initialized ticks exactly as the word-by-word read does, in a few calls", async () => {
    expect(pools.length).toBeGreaterThanOrEqual(4);
    expect(pools.every((p) => p.tickSpacing > 0)).toBe(true);
    const blockNumber = await bed.client.getBlockNumber();
    const expected = await wordByWord(blockNumber);
    const budget = createIndexBudget({ maxSubrequests: 1_000 });
    const lens = await readTickBitmaps({ client: bed.client, pools, blockNumber, budget });
    for (const p of pools) expect(sorted(lens.get(p.address)), p.address).toEqual(expected.get(p.address));
    expect([...lens.values()].reduce((n, t) => n + t.size, 0)).toBeGreaterThanOrEqual(20);
    // One call per group of pools (at most four run at once), not one per 500 words.
    expect(budget.spent).toBeLessThanOrEqual(4);
  });

  it("resumes where a call stopped: with room for one word of ticks, each call ends after a word that had some", async () => {
    const blockNumber = await bed.client.getBlockNumber();
    const all = await readTickBitmaps({ client: bed.client, pools, blockNumber });
    const words = (p: { address: Address; tickSpacing: number }) => new Set([...all.get(p.address)!.keys()].map((t) => v3TickWord(t, p.tickSpacing)));
    // The pool whose ticks spread over the most words.
    const pool = [...pools].sort((a, b) => words(b).size - words(a).size)[0]!;
    const ladder = [pool.address, all.get(pool.address)!] as const;
    const budget = createIndexBudget({ maxSubrequests: 100_000 });
    // Room for 256 ticks: a call stops before a word once it holds any tick, and says where to go on.
    const small = await readTickBitmaps({ client: bed.client, pools: [pool], blockNumber, budget, maxTicksPerCall: 256n });
    expect(sorted(small.get(pool.address))).toEqual(sorted(ladder[1]));
    const wordsWithTicks = words(pool);
    expect(wordsWithTicks.size).toBeGreaterThanOrEqual(1);
    expect(wordsWithTicks.has(v3AllTickWords(pool.tickSpacing).at(-1)!)).toBe(false);
    // Every word with ticks ends a call; the last call reads the empty words after the last of them.
    expect(budget.spent).toBe(wordsWithTicks.size + 1);
    expect(budget.spent).toBeGreaterThanOrEqual(2);
  });
});
