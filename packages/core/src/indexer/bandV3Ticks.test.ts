/**
 * A V3 pool past the tick cap keeps the ticks nearest its price. The attack it answers: dust positions far from a real
 * pool's price push it past `V3_TICKS_PER_POOL_MAX`; excluded, the real pool left every quote. Kept near its price it
 * quotes exactly what the whole pool quotes for every trade that stays inside its band, and a trade that would leave
 * the band throws (never a number computed on ticks that are not there).
 */
import { describe, expect, it } from "vitest";
import { address, generateMainnetLikeGraph, makeV3Pool } from "@sluice/testkit";
import { PoolMathError } from "../pools/errors.js";
import { getSqrtRatioAtTick } from "../pools/v3/math/getSqrtRatioAtTick.js";
import { MAX_TICK, MIN_TICK } from "../pools/v3/math/constants.js";
import { V3Pool } from "../pools/v3/v3Pool.js";
import { poolPayout } from "../quoting/poolPayout.js";
import { applyPoolStates } from "./applyPoolStates.js";
import { bandNeedsRecentring } from "./bandNeedsRecentring.js";
import { bandV3Ticks } from "./bandV3Ticks.js";
import { decodeSharedPool } from "./decodeSharedPool.js";
import { encodeSharedPool } from "./encodeSharedPool.js";
import { V3_TICKS_PER_POOL_MAX } from "./excludeOversizedItems.js";
import { decodeGraphShard, encodeGraphShard, parseGraphShard } from "./graphCodec.js";
import { indexPoolsByToken } from "./graphTypes.js";
import type { V3State } from "./readPoolStates.js";

const T0 = address(0xa0);
const T1 = address(0xb0);
const POOL = address(0x9001);
const ticksOf = (...indexes: number[]) => indexes.map((index) => ({ index, liquidityNet: 1n }));

/**
 * A real fee-500 pool (1,500 positions around its price: 3,000 ticks) and an attacker's 1,500 one-spacing dust
 * positions far below it (3,000 ticks): 6,000 in all.
 */
function attackedPool(): V3Pool {
  const real = Array.from({ length: 1_500 }, (_, i) => ({ tickLower: -10 * (i + 1), tickUpper: 10 * (i + 1), liquidity: 10n ** 15n }));
  const dust = Array.from({ length: 1_500 }, (_, i) => ({ tickLower: -200_000 + 20 * i, tickUpper: -200_000 + 20 * i + 10, liquidity: 1n }));
  return makeV3Pool({ address: POOL, token0: T0, token1: T1, fee: 500, sqrtPriceX96: getSqrtRatioAtTick(5), positions: [...real, ...dust] });
}

describe("bandV3Ticks", () => {
  it("keeps the ticks nearest the price, half on each side; a side with fewer gives the rest to the other", () => {
    const ticks = ticksOf(-50, -40, -30, -20, -10, 10, 20, 30);
    expect(bandV3Ticks({ ticks, tick: 0, max: 4 })).toEqual({ ticks: ticksOf(-20, -10, 10, 20), tickDataRange: [-29, 29], cut: true });
    expect(bandV3Ticks({ ticks, tick: 15, max: 6 })).toEqual({ ticks: ticksOf(-30, -20, -10, 10, 20, 30), tickDataRange: [-39, MAX_TICK], cut: true });
    // A tick at the price counts below it (the contract's `lte` side).
    expect(bandV3Ticks({ ticks, tick: -10, max: 2 })).toEqual({ ticks: ticksOf(-10, 10), tickDataRange: [-19, 19], cut: true });
    expect(bandV3Ticks({ ticks, tick: 0, max: 8 })).toEqual({ ticks, cut: false });
  });

  it("drops ticks outside the range they are known complete in, and never widens it", () => {
    const ticks = ticksOf(-50, -40, -30, -20, -10, 10, 20, 30);
    expect(bandV3Ticks({ ticks, tick: 0, max: 8, tickDataRange: [-35, 25] })).toEqual({ ticks: ticksOf(-30, -20, -10, 10, 20), tickDataRange: [-35, 25], cut: false });
    expect(bandV3Ticks({ ticks, tick: 0, max: 2, tickDataRange: [-35, 25] })).toEqual({ ticks: ticksOf(-10, 10), tickDataRange: [-19, 19], cut: true });
    expect(bandV3Ticks({ ticks, tick: 25, max: 4, tickDataRange: [-35, 25] }).tickDataRange).toEqual([-29, 25]);
  });

  it("the attack: a real pool pushed past the cap with dust far from its price stays indexed and quotes exactly inside its band", () => {
    const whole = attackedPool();
    expect(whole.ticks.length).toBe(6_000);
    const { graph } = generateMainnetLikeGraph({ v2Pools: 20, v3Pools: 5, tokens: 20, seed: 3 });
    graph.pending.set(POOL, { protocol: "uniswap-v3", address: POOL, token0: T0, token1: T1, fee: 500, tickSpacing: 10 });
    const state: V3State = {
      protocol: "uniswap-v3", sqrtPriceX96: whole.sqrtPriceX96, tick: whole.tick, liquidity: whole.liquidity,
      ticks: new Map(whole.ticks.map((t) => [t.index, t.liquidityNet])),
    };
    expect(applyPoolStates(graph, new Map([[POOL, state]]), { maxV3Ticks: V3_TICKS_PER_POOL_MAX, log: () => {} })).toEqual([POOL]);
    indexPoolsByToken(graph);
    const kept = graph.pools.get(POOL) as V3Pool;
    expect(kept).toBeInstanceOf(V3Pool);
    expect(kept.ticks).toHaveLength(V3_TICKS_PER_POOL_MAX);
    // Every real tick is kept; the dust nearest the price too, the farthest dropped.
    expect(kept.ticks.filter((t) => t.index >= -15_000).length).toBe(3_000);
    const [low, high] = kept.tickDataRange!;
    expect(high).toBe(MAX_TICK);
    expect(low).toBeGreaterThan(-200_000);

    // Both directions, from a unit to past the band: the same number as the whole pool, or a refusal once the whole
    // pool's price would go below the band's edge.
    let refused = 0;
    for (const [tokenIn, zeroForOne] of [[T0, true], [T1, false]] as const) {
      for (let amount = 1n; amount < 10n ** 30n; amount *= 7n) {
        const expected = whole.quoteExactIn(tokenIn, amount);
        const leaves = zeroForOne && expected.poolAfter.sqrtPriceX96 < getSqrtRatioAtTick(low);
        if (leaves) {
          expect(() => kept.quoteExactIn(tokenIn, amount), `${amount}`).toThrow(PoolMathError);
          refused++;
        } else expect(kept.quoteExactIn(tokenIn, amount).amountOut, `${amount}`).toBe(expected.amountOut);
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect(() => kept.quoteExactIn(T0, 10n ** 29n)).toThrow(/beyond the ticks known/);
  });

  it("a price outside the known range quotes nothing, either way (the ticks between it and the range are unknown)", () => {
    const whole = attackedPool();
    const band = bandV3Ticks({ ticks: whole.ticks, tick: whole.tick, max: 100 });
    const moved = new V3Pool({ ...whole, ticks: band.ticks, tickDataRange: [-2_000, -1_000] });
    expect(moved.tick).toBeGreaterThan(moved.tickDataRange![1]);
    for (const token of [T0, T1]) expect(() => moved.quoteExactIn(token, 10n ** 6n)).toThrow(/outside the ticks known/);
    expect(() => new V3Pool({ ...whole, tickDataRange: [10, -10] })).toThrow(/lower first/);
  });

  it("is judged by what it pays out up to the edge of its band (a drain past it was refused: the pool counted as dust)", () => {
    const whole = attackedPool();
    const band = bandV3Ticks({ ticks: whole.ticks, tick: whole.tick, max: V3_TICKS_PER_POOL_MAX });
    const kept = new V3Pool({ ...whole, ticks: band.ticks, tickDataRange: band.tickDataRange });
    // Paying out token1 means selling token0: the price falls towards the dust, past the band.
    const [all, upToEdge] = [poolPayout(whole, T1)!, poolPayout(kept, T1)];
    expect(upToEdge).not.toBeNull();
    expect(upToEdge!).toBeLessThanOrEqual(all);
    // Every real position is inside the band: only the dust's few units are beyond it.
    expect(all - upToEdge!).toBeLessThan(all / 1_000_000n);
    expect(poolPayout(kept, T0)).toBe(poolPayout(whole, T0));
    // A quote to execute is still refused past the edge.
    expect(() => kept.quoteExactIn(T0, 10n ** 29n)).toThrow(/beyond the ticks known/);
  });

  it("travels with the pool through the stored graph's codec and the shared per-block entry", () => {
    const whole = attackedPool();
    const band = bandV3Ticks({ ticks: whole.ticks, tick: whole.tick, max: V3_TICKS_PER_POOL_MAX });
    const kept = new V3Pool({ ...whole, ticks: band.ticks, tickDataRange: band.tickDataRange });
    const read = decodeGraphShard(encodeGraphShard({ tokens: [], pools: [kept], pending: [] }))!.pools[0] as V3Pool;
    expect(read.tickDataRange).toEqual(kept.tickDataRange);
    expect(read).toEqual(kept);
    const shared = decodeSharedPool(whole, encodeSharedPool(kept)) as V3Pool;
    expect(shared.tickDataRange).toEqual(kept.tickDataRange);
    expect(shared.ticks).toEqual(kept.ticks);
    // A whole pool has none.
    expect((decodeSharedPool(whole, encodeSharedPool(whole)) as V3Pool).tickDataRange).toBeUndefined();
  });

  it("is stored apart from complete pools, so code that knows no ranges never reads it as complete; raw rows keep it", () => {
    const whole = attackedPool();
    const band = bandV3Ticks({ ticks: whole.ticks, tick: whole.tick, max: 100 });
    const kept = new V3Pool({ ...whole, ticks: band.ticks, tickDataRange: band.tickDataRange });
    const other = makeV3Pool({ address: address(0x9002), token0: T0, token1: T1, fee: 3000, sqrtPriceX96: getSqrtRatioAtTick(0), positions: [{ tickLower: -600, tickUpper: 600, liquidity: 10n ** 18n }] });
    const text = encodeGraphShard({ tokens: [], pools: [kept, other], pending: [] });
    const stored = JSON.parse(text) as { v3: unknown[][]; v3r: unknown[][] };
    expect(stored.v3.map((row) => row[0])).toEqual([other.address]);
    expect(stored.v3r.map((row) => row[0])).toEqual([kept.address]);
    // A shard loaded undecoded and written again (a partial write) keeps it where it was.
    const raw = parseGraphShard(text)!;
    expect(raw.v3.map((row) => row[0])).toEqual([other.address, kept.address]);
    const again = encodeGraphShard({ tokens: [], pools: [], pending: [] }, raw);
    expect(again).toBe(text);
    expect((decodeGraphShard(again)!.pools.find((p) => p.address === kept.address) as V3Pool).tickDataRange).toEqual(band.tickDataRange);
  });
});

describe("bandNeedsRecentring", () => {
  const pool = (tick: number, range?: readonly [number, number]) => ({ tick, ticks: ticksOf(-40, -30, -20, -10, 10, 20, 30, 40), ...(range && { tickDataRange: range }) });

  it("when fewer than an eighth of the band's ticks remain between the price and a side that was cut, or the price left the band", () => {
    expect(bandNeedsRecentring(pool(0, [-49, 49]), 16)).toBe(false);
    expect(bandNeedsRecentring(pool(-35, [-49, 49]), 16)).toBe(true); // one tick left below, two needed
    expect(bandNeedsRecentring(pool(35, [-49, 49]), 16)).toBe(true);
    expect(bandNeedsRecentring(pool(60, [-49, 49]), 16)).toBe(true);
    // The side that was not cut has no other ticks to bring in.
    expect(bandNeedsRecentring(pool(35, [-49, MAX_TICK]), 16)).toBe(false);
    expect(bandNeedsRecentring(pool(-35, [MIN_TICK, 49]), 16)).toBe(false);
    expect(bandNeedsRecentring(pool(-35), 16)).toBe(false);
  });
});
