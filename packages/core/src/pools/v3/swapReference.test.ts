import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDelta } from "./math/addDelta.js";
import { computeSwapStep } from "./math/computeSwapStep.js";
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK } from "./math/constants.js";
import { getSqrtRatioAtTick } from "./math/getSqrtRatioAtTick.js";
import { getTickAtSqrtRatio } from "./math/getTickAtSqrtRatio.js";
import { nextInitializedTickWithinOneWord } from "./math/nextInitializedTickWithinOneWord.js";
import { swap, type SwapParameters } from "./swap.js";
import { makeV3Pool, maxUsableTick, minUsableTick } from "@sluice/testkit";
import { bitmapFromTickList } from "./tickList.js";
import type { V3Pool } from "./v3Pool.js";

/** A literal transcription of the contract's loop on the bitmap, with no shortcut, as the reference. */
function referenceSwap(pool: V3Pool, { zeroForOne, amountSpecified, sqrtPriceLimitX96 }: SwapParameters) {
  const limit = sqrtPriceLimitX96 ?? (zeroForOne ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n);
  const bitmap = bitmapFromTickList(pool.ticks, pool.tickSpacing);
  const nets = new Map(pool.ticks.map((t) => [t.index, t.liquidityNet]));
  const exactInput = amountSpecified > 0n;
  let [remaining, calculated, sqrtPriceX96, tick, liquidity] = [amountSpecified, 0n, pool.sqrtPriceX96, pool.tick, pool.liquidity];
  while (remaining !== 0n && sqrtPriceX96 !== limit) {
    const start = sqrtPriceX96;
    let { next, initialized } = nextInitializedTickWithinOneWord(bitmap, tick, pool.tickSpacing, zeroForOne);
    next = Math.min(Math.max(next, MIN_TICK), MAX_TICK);
    const nextPrice = getSqrtRatioAtTick(next);
    const target = (zeroForOne ? nextPrice < limit : nextPrice > limit) ? limit : nextPrice;
    const step = computeSwapStep(sqrtPriceX96, target, liquidity, remaining, pool.fee);
    sqrtPriceX96 = step.sqrtRatioNextX96;
    if (exactInput) {
      remaining -= step.amountIn + step.feeAmount;
      calculated -= step.amountOut;
    } else {
      remaining += step.amountOut;
      calculated += step.amountIn + step.feeAmount;
    }
    if (sqrtPriceX96 === nextPrice) {
      if (initialized) liquidity = addDelta(liquidity, zeroForOne ? -nets.get(next)! : nets.get(next)!);
      tick = zeroForOne ? next - 1 : next;
    } else if (sqrtPriceX96 !== start) tick = getTickAtSqrtRatio(sqrtPriceX96);
  }
  const [amount0, amount1] =
    zeroForOne === exactInput ? [amountSpecified - remaining, calculated] : [calculated, amountSpecified - remaining];
  return { amount0, amount1, sqrtPriceX96, tick, liquidity };
}

describe("swap equals the contract's loop taken literally", () => {
  const spacingFee = fc.constantFrom([1, 100], [10, 500], [60, 3000], [200, 10000]);
  const position = fc.record({ lower: fc.integer({ min: -3000, max: 3000 }), width: fc.integer({ min: 1, max: 2000 }), liquidity: fc.bigInt({ min: 1n, max: 10n ** 24n }) });

  it("for random pools (gaps, thin ranges, all fee tiers), amounts, directions and price limits", () => {
    fc.assert(
      fc.property(
        spacingFee,
        fc.array(position, { minLength: 0, maxLength: 6 }),
        fc.integer({ min: -2000, max: 2000 }),
        fc.boolean(),
        fc.bigInt({ min: 1n, max: 10n ** 26n }),
        fc.boolean(),
        fc.option(fc.integer({ min: -400_000, max: 400_000 }), { nil: undefined }),
        ([spacing, fee], positions, priceTick, zeroForOne, amount, exactOut, limitTick) => {
          const pool = makeV3Pool({
            fee,
            sqrtPriceX96: getSqrtRatioAtTick(priceTick * spacing) + 12345n,
            positions: positions.map((p) => ({
              tickLower: Math.max(p.lower * spacing, minUsableTick(spacing)),
              tickUpper: Math.min((p.lower + p.width) * spacing, maxUsableTick(spacing)),
              liquidity: p.liquidity,
            })),
          });
          let sqrtPriceLimitX96: bigint | undefined;
          if (limitTick !== undefined) {
            // exact tick prices exercise the word-boundary landing, others the partial step
            sqrtPriceLimitX96 = getSqrtRatioAtTick(limitTick) + (limitTick % 2 === 0 ? 0n : 1n);
            if (zeroForOne ? sqrtPriceLimitX96 >= pool.sqrtPriceX96 : sqrtPriceLimitX96 <= pool.sqrtPriceX96) return;
          }
          const params = { zeroForOne, amountSpecified: exactOut ? -amount : amount, sqrtPriceLimitX96 };
          let expected: unknown;
          try {
            expected = referenceSwap(pool, params);
          } catch (error) {
            expect(() => swap(pool, params)).toThrow();
            return;
          }
          const { initializedTicksCrossed: _, ...actual } = swap(pool, params);
          expect(actual).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });
});
