import { describe, expect, it } from "vitest";
import { PoolMathError } from "../errors.js";
import { getSqrtRatioAtTick } from "./math/getSqrtRatioAtTick.js";
import { makeV3Pool } from "@sluice/testkit";
import { V3Pool } from "./v3Pool.js";

const T0 = "0x000000000000000000000000000000000000000a" as const;
const T1 = "0x000000000000000000000000000000000000000b" as const;

describe("V3Pool", () => {
  const pool = makeV3Pool({
    token0: T0,
    token1: T1,
    fee: 3000,
    sqrtPriceX96: getSqrtRatioAtTick(0),
    positions: [
      { tickLower: -600, tickUpper: 600, liquidity: 10n ** 18n },
      { tickLower: -60_000, tickUpper: 60_000, liquidity: 10n ** 16n },
    ],
  });

  it("rejects an inconsistent state", () => {
    expect(() => new V3Pool({ ...pool, tick: 5 })).toThrow(/does not match/);
    expect(() => new V3Pool({ ...pool, token0: T1, token1: T0 })).toThrow(/sort before/);
    expect(() => new V3Pool({ ...pool, ticks: [{ index: 7, liquidityNet: 1n }] })).toThrow(/not a valid tick/);
    expect(() => new V3Pool({ ...pool, fee: 1234, tickSpacing: undefined })).toThrow(/tickSpacing/);
  });

  it("accepts the tick just below an exact tick price (left after crossing it downwards)", () => {
    expect(new V3Pool({ ...pool, sqrtPriceX96: getSqrtRatioAtTick(-600), tick: -601 }).tick).toBe(-601);
  });

  it("refuses to quote beyond the ticks it knows", () => {
    const partial = new V3Pool({ ...pool, ticks: pool.ticks.filter((t) => Math.abs(t.index) <= 600), tickDataRange: [-6000, 6000] });
    expect(partial.quoteExactIn(T0, 10n ** 15n).amountOut).toBe(pool.quoteExactIn(T0, 10n ** 15n).amountOut);
    expect(() => partial.quoteExactIn(T0, 10n ** 17n)).toThrow(PoolMathError);
    expect(() => partial.quoteExactIn(T0, 10n ** 17n)).toThrow(/beyond the ticks known/);
  });

  it("reports the input consumed when the pool runs dry, and the ticks crossed", () => {
    const q = pool.quoteExactIn(T0, 10n ** 24n);
    expect(q.amountIn).toBeLessThan(10n ** 24n);
    expect(q.initializedTicksCrossed).toBe(2);
    expect(q.poolAfter.liquidity).toBe(0n);
  });

  it("stops at maxSqrtPriceMove and reports the input consumed; identical below it", () => {
    const small = pool.quoteExactIn(T0, 10n ** 15n, { maxSqrtPriceMove: 4 });
    expect(small).toEqual(pool.quoteExactIn(T0, 10n ** 15n));
    const capped = pool.quoteExactIn(T0, 10n ** 24n, { maxSqrtPriceMove: 4 });
    expect(capped.amountIn).toBeLessThan(10n ** 24n);
    expect(capped.poolAfter.sqrtPriceX96).toBe(pool.sqrtPriceX96 / 4n);
  });

  it("quotes exact output consistently with exact input", () => {
    const out = pool.quoteExactIn(T1, 10n ** 16n);
    const back = pool.quoteExactOut(T0, out.amountOut);
    expect(back.amountIn).toBeLessThanOrEqual(10n ** 16n);
    expect(back.amountOut).toBe(out.amountOut);
  });
});
