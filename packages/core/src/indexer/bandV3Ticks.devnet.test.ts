/**
 * A pool kept near its price on a real chain (anvil, real Uniswap V3): indexed with a small tick cap, the ladder pool
 * keeps the ticks nearest its price and quotes what QuoterV2 quotes inside its band; a trade leaving the band is
 * refused. A real swap then moves its price near an edge of the band, and the next indexing pass reads the pool whole
 * again at its block, centring the band on the new price (`bandNeedsRecentring`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address } from "viem";
import { executeRoute, quoterV2ExactIn, quotingScenario, startQuotingTestbed, type QuotingTestbed } from "@sluice/testkit";
import { PoolMathError } from "../pools/errors.js";
import { V3Pool } from "../pools/v3/v3Pool.js";
import { bandNeedsRecentring } from "./bandNeedsRecentring.js";
import type { ChainGraph } from "./graphTypes.js";
import { indexChain } from "./indexChain.js";
import { createIndexBudget } from "./indexBudget.js";
import { readPoolStates, type V3State } from "./readPoolStates.js";
import { readTickBitmaps } from "./readTickBitmaps.js";
import { v3TickWord } from "./v3TickWords.js";

/** The cap in this test: the ladder pool has 20 initialized ticks, ten on each side of its price. */
const MAX = 12;

let bed: QuotingTestbed;
let graph: ChainGraph;
let ladder: Address;

beforeAll(async () => {
  bed = await startQuotingTestbed(quotingScenario);
  ({ graph } = await indexChain({ ...bed.source, graph: null, maxV3Ticks: MAX }));
  ladder = [...graph.pools.values()].filter((p): p is V3Pool => p instanceof V3Pool && !!p.tickDataRange)[0]!.address;
}, 240_000);
afterAll(async () => bed?.stop());

const pool = () => graph.pools.get(ladder) as V3Pool;

/** The pool read whole at `block` (every bitmap word): its ticks, and the pool with all of them. */
async function wholePool(block: bigint) {
  const p = pool();
  const { states } = await readPoolStates({ client: bed.client, blockNumber: block, requests: [{ protocol: "uniswap-v3", address: ladder, tickSpacing: p.tickSpacing, tickWords: "all" }] });
  const state = states.get(ladder) as V3State;
  const ticks = [...state.ticks].filter(([, net]) => net !== null).map(([index, net]) => ({ index, liquidityNet: net! })).sort((a, b) => a.index - b.index);
  return new V3Pool({ address: ladder, token0: p.token0, token1: p.token1, fee: p.fee, tickSpacing: p.tickSpacing, sqrtPriceX96: state.sqrtPriceX96, tick: state.tick, liquidity: state.liquidity, ticks });
}

/** The kept ticks are the chain's own inside the band, and the band holds the price. */
async function expectTrueBand() {
  const kept = pool();
  const whole = await wholePool(graph.block);
  const [low, high] = kept.tickDataRange!;
  expect(kept.tick).toBeGreaterThanOrEqual(low);
  expect(kept.tick).toBeLessThanOrEqual(high);
  expect(kept.ticks).toEqual(whole.ticks.filter((t) => t.index >= low && t.index <= high));
  expect([kept.sqrtPriceX96, kept.liquidity]).toEqual([whole.sqrtPriceX96, whole.liquidity]);
  return { kept, whole };
}

describe("a V3 pool past the tick cap, on chain", () => {
  it("keeps the ticks nearest its price; inside the band it quotes what QuoterV2 quotes, a trade leaving it is refused", async () => {
    const { kept, whole } = await expectTrueBand();
    expect(whole.ticks.length).toBeGreaterThan(MAX);
    expect(kept.ticks).toHaveLength(MAX);
    for (const [tokenIn, tokenOut] of [[kept.token0, kept.token1], [kept.token1, kept.token0]] as const) {
      const amountIn = 10n ** 18n;
      expect(kept.quoteExactIn(tokenIn, amountIn).amountOut).toBe(await quoterV2ExactIn(bed, { tokenIn, tokenOut, fee: kept.fee, amountIn }));
      // Enough to cross every tick of the pool: the whole pool quotes it, the band refuses it.
      const large = 10n ** 22n;
      expect(whole.quoteExactIn(tokenIn, large).initializedTicksCrossed).toBeGreaterThan(MAX / 2);
      expect(() => kept.quoteExactIn(tokenIn, large)).toThrow(PoolMathError);
    }
  });

  it("a swap moving the price near an edge: the next pass reads the pool whole and centres the band on the new price", async () => {
    const before = pool();
    // Sell token0 until fewer than an eighth of the band's ticks are left below the price (a whole-pool quote says how much).
    const whole = await wholePool(graph.block);
    const below = before.ticks.filter((t) => t.index <= before.tick);
    const target = below[0]!.index; // the lowest kept tick: past it, none is left below
    const moves = (amount: bigint) => { const q = whole.quoteExactIn(before.token0, amount); return q.poolAfter.tick < target && q.amountIn === amount; };
    let [low, high] = [0n, 10n ** 17n];
    while (whole.quoteExactIn(before.token0, high).poolAfter.tick >= target) [low, high] = [high, high * 2n];
    while (high - low > 1n) { const mid = (low + high) / 2n; if (whole.quoteExactIn(before.token0, mid).poolAfter.tick < target) high = mid; else low = mid; }
    expect(moves(high)).toBe(true);
    const hop = { pool: ladder, kind: "v3" as const, fee: before.fee, tokenIn: before.token0, tokenOut: before.token1 };
    await executeRoute(bed, { splits: [{ amountIn: high, hops: [hop] }] });

    const pass = await indexChain({ ...bed.source, graph, maxV3Ticks: MAX });
    expect(pass.changedPools.has(ladder)).toBe(true);
    const { kept } = await expectTrueBand();
    expect(kept.tick).toBeLessThan(target);
    expect(bandNeedsRecentring(kept, MAX)).toBe(false);
    // Re-centred: the ticks below the new price that the old band had dropped are back.
    expect(kept.ticks.filter((t) => t.index <= kept.tick).length).toBeGreaterThanOrEqual(Math.min(MAX / 2, (await wholePool(graph.block)).ticks.filter((t) => t.index <= kept.tick).length));
    expect(kept.tickDataRange![0]).toBeLessThan(before.tickDataRange![0]);
    const amountIn = 10n ** 18n;
    expect(kept.quoteExactIn(kept.token0, amountIn).amountOut).toBe(await quoterV2ExactIn(bed, { tokenIn: kept.token0, tokenOut: kept.token1, fee: kept.fee, amountIn }));
  });

  it("the re-centring read is bounded: the lens stops at its call cap (a window crowded with ticks costs at most that)", async () => {
    const p = pool();
    const budget = createIndexBudget({ maxSubrequests: 1_000 });
    // One tick bitmap word per call, the ladder's ticks spread over several words: more calls than allowed.
    await expect(readTickBitmaps({ client: bed.client, blockNumber: graph.block, budget, maxTicksPerCall: 256n, maxCalls: 1, pools: [{ address: ladder, tickSpacing: p.tickSpacing }] }))
      .rejects.toThrow(/needs more than 1 calls/);
    expect(budget.spent).toBe(1);
    // A window of words reads only those: the ticks in it, and nothing else.
    const word = v3TickWord(p.tick, p.tickSpacing);
    const window = await readTickBitmaps({ client: bed.client, blockNumber: graph.block, pools: [{ address: ladder, tickSpacing: p.tickSpacing, fromWord: word, toWord: word }] });
    const whole = await wholePool(graph.block);
    expect([...window.get(ladder)!.keys()].sort((a, b) => a - b)).toEqual(whole.ticks.filter((t) => v3TickWord(t.index, p.tickSpacing) === word).map((t) => t.index));
  });
});
